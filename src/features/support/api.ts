import { ConversationPageSchema, ConversationSchema, SUPPORT_ATTACHMENT_FIELD, type ConversationListParams, type SupportStatus } from '@contract/support'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiFetch } from '~/lib/api-client'
import { saveBlob } from '~/lib/download'

/**
 * The support calls (contract/support.ts): conversation lists (a client's own, or the staff inbox),
 * one conversation with its messages, a new conversation, a message, open/close, and an attachment
 * download. Keys come only from `supportKeys`. Writing never queues: it needs a connection.
 */
export type ConversationFilter = 'all' | 'open' | 'closed' | 'unanswered'

export type { ConversationListParams }

export const supportKeys = {
  all: ['support'] as const,
  lists: () => [...supportKeys.all, 'list'] as const,
  list: (params: ConversationListParams) => [...supportKeys.lists(), params] as const,
  details: () => [...supportKeys.all, 'detail'] as const,
  detail: (id: number) => [...supportKeys.details(), id] as const,
}

/** The client's own conversations, as their support page lists them. */
export const OWN_CONVERSATIONS: ConversationListParams = { page: 1, pageSize: 50, status: 'all' }

/** The provider's support inbox shows this many conversations a page. */
export const INBOX_PAGE_SIZE = 20

/** The inbox page of the given search. */
export const inboxListParams = (search: { page: number; status: ConversationFilter }): ConversationListParams => ({
  page: search.page,
  pageSize: INBOX_PAGE_SIZE,
  status: search.status,
})

export const conversationListQueryOptions = (params: ConversationListParams) =>
  queryOptions({
    queryKey: supportKeys.list(params),
    queryFn: ({ signal }) => api.get('/support/conversations', { query: params, schema: ConversationPageSchema, signal }),
    placeholderData: keepPreviousData,
    // A reply can arrive at any moment: read again on every visit (the saved list shows meanwhile).
    staleTime: 0,
  })

export const conversationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: supportKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/support/conversations/${id}`, { schema: ConversationSchema, signal }),
    staleTime: 0,
  })

export interface NewConversation {
  subject: string
  message: string
  attachment: File | null
  /** 'document:12', 'invoice:5' or ''. */
  about: string
}

function messageBody(fields: Record<string, string>, attachment: File | null): FormData {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  if (attachment) body.append(SUPPORT_ATTACHMENT_FIELD, attachment, attachment.name)
  return body
}

/** POST /api/support/conversations (multipart, with the optional attachment). */
export function useStartConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ subject, message, attachment, about }: NewConversation) => {
      const [kind, id] = about.split(':')
      const fields: Record<string, string> = { subject, message }
      if (kind === 'document' && id) fields.documentId = id
      if (kind === 'invoice' && id) fields.invoiceId = id
      return api.post('/support/conversations', messageBody(fields, attachment), { schema: ConversationSchema })
    },
    networkMode: 'always',
    onSuccess: (conversation) => {
      queryClient.setQueryData(supportKeys.detail(conversation.id), conversation)
      return queryClient.invalidateQueries({ queryKey: supportKeys.lists() })
    },
  })
}

/** POST /api/support/conversations/{id}/messages: a client's follow-up or a staff reply. */
export function useSendMessage(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ message, attachment }: { message: string; attachment: File | null }) =>
      api.post(`/support/conversations/${id}/messages`, messageBody({ message }, attachment), { schema: ConversationSchema }),
    networkMode: 'always',
    onSuccess: (conversation) => {
      queryClient.setQueryData(supportKeys.detail(id), conversation)
      return queryClient.invalidateQueries({ queryKey: supportKeys.lists() })
    },
  })
}

/** PATCH /api/support/conversations/{id}: staff open or close it. */
export function useSetConversationStatus(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (status: SupportStatus) => api.patch(`/support/conversations/${id}`, { status }, { schema: ConversationSchema }),
    networkMode: 'always',
    onSuccess: (conversation) => {
      queryClient.setQueryData(supportKeys.detail(id), conversation)
      return queryClient.invalidateQueries({ queryKey: supportKeys.lists() })
    },
  })
}

/** GET /api/support/messages/{id}/attachment with the session's token, saved under its name. */
export async function downloadAttachment(messageId: number, name: string): Promise<void> {
  const res = await apiFetch(`/support/messages/${messageId}/attachment`)
  saveBlob(await res.blob(), name)
}
