import { ClientSchema, MAILBOX_NUMBER_MESSAGE, MAILBOX_NUMBER_PATTERN, NextMailboxSchema, type Client } from '@contract/clients'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { api, ApiError } from '~/lib/api-client'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import { REQUIRED_MESSAGE } from '~/ui/forms'
import { TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { clientKeys } from './api'

const stack = css({ display: 'grid', gap: '4' })

/** GET /api/client/assignMailbox/{id}/{number}: `replace` once the agent confirmed replacing the client's number. */
function useAssignMailbox(clientId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ mailboxNumber, replace }: { mailboxNumber: string; replace: boolean }) =>
      api.get(`/client/assignMailbox/${clientId}/${encodeURIComponent(mailboxNumber)}`, { query: replace ? { replace: 'true' } : {}, schema: ClientSchema }),
    networkMode: 'always',
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(clientId), client)
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists() })
    },
  })
}

/**
 * Assign (or change) a client's mailbox, for staff with PCE. The number starts as the next free one;
 * replacing a number the client already has asks for a confirmation first (the server refuses a silent
 * replacement). A number another client holds is refused beside the field.
 */
export function AssignMailboxDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const suggestion = useQuery({
    queryKey: [...clientKeys.all, 'next-free-mailbox'],
    queryFn: ({ signal }) => api.get('/client/mailbox/next-free', { schema: NextMailboxSchema, signal }),
    staleTime: 0,
    gcTime: 0,
  })
  const assign = useAssignMailbox(client.id)
  const [value, setValue] = useState('')
  const [touched, setTouched] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const formId = useId()
  const current = client.hasMailbox ? client.mailboxNumber : null

  // The suggestion fills the field once, unless the agent typed first.
  useEffect(() => {
    if (suggestion.data && !touched) setValue(suggestion.data.mailboxNumber)
  }, [suggestion.data, touched])

  const number = value.trim().toUpperCase()
  const replacing = current !== null && number !== current

  async function submit() {
    if (!MAILBOX_NUMBER_PATTERN.test(number)) return setError(number ? MAILBOX_NUMBER_MESSAGE : REQUIRED_MESSAGE)
    if (number === current) return onClose()
    if (replacing && !confirming) return setConfirming(true)
    try {
      await assign.mutateAsync({ mailboxNumber: number, replace: replacing })
      notify.success(`Mailbox ${number} assigned to ${client.companyName}`)
      onClose()
    } catch (failure) {
      setConfirming(false)
      if (failure instanceof ApiError && failure.status < 500) setError(failure.details)
      else notify.error('Failed to assign the mailbox. Please try again.')
    }
  }

  return (
    <Dialog.Open onClose={onClose} busy={assign.isPending}>
      <Dialog.Content>
        <Dialog.Header>{current ? 'Change mailbox' : 'Assign mailbox'}</Dialog.Header>
        <Dialog.Body>
          <form
            id={formId}
            noValidate
            className={stack}
            onSubmit={(event) => {
              event.preventDefault()
              void submit()
            }}
          >
            <Field
              label="Mailbox Number"
              required
              error={error}
              helperText={suggestion.data ? `Next free number: ${suggestion.data.mailboxNumber}` : 'MB- and 4 to 6 digits, e.g. MB-1042'}
            >
              <TextInput
                value={value}
                autoComplete="off"
                maxLength={9}
                onChange={(event) => {
                  setTouched(true)
                  setConfirming(false)
                  setError(null)
                  setValue(event.target.value)
                }}
              />
            </Field>
            {confirming && (
              <Alert status="warning" title={`Replace mailbox ${current}?`}>
                {client.companyName} has mailbox {current}. Assigning {number} replaces it; mail addressed to {current} will no longer reach this client.
              </Alert>
            )}
          </form>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={assign.isPending}>
            {confirming ? 'Replace mailbox' : current ? 'Change mailbox' : 'Assign mailbox'}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Open>
  )
}
