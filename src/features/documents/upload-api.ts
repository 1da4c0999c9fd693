import { ClientPageSchema } from '@contract/clients'
import { queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api-client'
import { publicConfigQueryOptions } from '~/lib/public-config'
import type { SelectOption } from '~/ui/select'
import { documentKeys } from './keys'

/** The upload form's calls: the client picker and the server's size limit. */

/** 'Sunshine Holdings LLC (Dana Reyes, mailbox 1042)': the company, then who and which mailbox, to tell namesakes apart. */
const toClientOption = (client: { id: number; companyName: string; firstName: string; lastName: string; mailboxNumber: string | null }): SelectOption => {
  const contact = `${client.firstName} ${client.lastName}`.trim() || `#${client.id}`
  return { value: String(client.id), label: `${client.companyName} (${client.mailboxNumber ? `${contact}, mailbox ${client.mailboxNumber}` : contact})` }
}

/** Clients matching the text (company, contact, e-mail, mailbox), first 20 by company name. */
export async function searchClientOptions(q: string, signal?: AbortSignal): Promise<SelectOption[]> {
  const page = await api.get('/client', {
    query: { q: q.trim() || undefined, pageSize: 20, sort: 'companyName', order: 'asc' },
    schema: ClientPageSchema,
    signal,
  })
  return page.data.map(toClientOption)
}

/** The client holding a mailbox number (a cover sheet's), as a picker option; null when none does. */
export async function findClientByMailbox(mailboxNumber: string, signal?: AbortSignal): Promise<SelectOption | null> {
  const page = await api.get('/client', { query: { q: mailboxNumber, pageSize: 20 }, schema: ClientPageSchema, signal })
  const client = page.data.find((row) => row.mailboxNumber?.toUpperCase() === mailboxNumber.toUpperCase())
  return client ? toClientOption(client) : null
}

/** The picker's first options, before anything is typed. */
export const clientOptionsQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.clientOptions(),
    queryFn: ({ signal }) => searchClientOptions('', signal),
    staleTime: 5 * 60_000,
  })

/**
 * The largest file the server accepts (GET /api/config `uploadMaxBytes`), from the public configuration
 * the layout reads already. Until it is known the form sends files unchecked, and the server's own 413
 * answer names the limit per file.
 */
export const uploadLimitQueryOptions = () =>
  queryOptions({
    ...publicConfigQueryOptions(),
    select: (config) => config.uploadMaxBytes,
  })
