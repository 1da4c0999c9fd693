import { MAIL_RULE_ACTION_LABELS, MAIL_RULE_ACTIONS, type MailRuleAction } from '@contract/mail-rules'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { ApiError, errorMessage } from '~/lib/api-client'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import { NativeSelect } from '~/ui/native-select'
import { notify } from '~/ui/toaster'
import { documentTypesQueryOptions } from '~/features/documents/shared'
import { addressBookQueryOptions, shippingOptionsQueryOptions, useAddMailRule, type MailRule } from './mail-api'

const SERVICE_OF_PROCESS = 'Service of Process'
const formGrid = css({ display: 'grid', gap: '4' })
const muted = css({ color: 'fg.muted', fontSize: 'sm', m: '0' })

/**
 * "Add rule" of the mail rules: the document type (those without a rule, service of process left out),
 * the action, and for a forward the saved address and the shipping option. A refusal of the server shows
 * in the dialog, which stays open.
 */
export function MailRuleDialog({ clientId, rules, onClose }: { clientId: number; rules: readonly MailRule[]; onClose: () => void }) {
  const add = useAddMailRule(clientId)
  const types = useQuery(documentTypesQueryOptions())
  const book = useQuery(addressBookQueryOptions(clientId))
  const options = useQuery(shippingOptionsQueryOptions())
  const formId = useId()
  const [typeId, setTypeId] = useState('')
  const [action, setAction] = useState<MailRuleAction>('forward')
  const [addressId, setAddressId] = useState('')
  const [optionId, setOptionId] = useState('')
  const [problem, setProblem] = useState<{ field?: 'type' | 'address'; message: string } | null>(null)

  const taken = new Set(rules.map((r) => r.documentTypeId))
  const typeOptions = (types.data ?? []).filter((t) => t.name !== SERVICE_OF_PROCESS && !taken.has(t.id)).map((t) => ({ value: String(t.id), label: t.name }))
  const addressOptions = (book.data ?? []).map((a) => ({ value: String(a.id), label: a.label }))
  const shippingOptions = (options.data ?? [])
    .filter((o) => o.active)
    .map((o) => ({ value: String(o.id), label: `${o.carrier} ${o.speed} ($${o.price.toFixed(2)})` }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setProblem(null)
    if (!typeId) return setProblem({ field: 'type', message: 'Choose a document type' })
    if (action === 'forward' && !addressId) return setProblem({ field: 'address', message: 'Choose a saved address' })
    try {
      await add.mutateAsync(
        action === 'forward'
          ? { action, documentTypeId: Number(typeId), addressId: Number(addressId), shippingOptionId: optionId ? Number(optionId) : null }
          : { action, documentTypeId: Number(typeId) },
      )
      notify.success('Rule added')
      onClose()
    } catch (error) {
      setProblem({ message: error instanceof ApiError ? error.details : errorMessage(error) })
    }
  }

  return (
    <Dialog.Open onClose={onClose} busy={add.isPending} size="md">
      <Dialog.Content>
        <Dialog.Header>Add rule</Dialog.Header>
        <Dialog.Body>
          <form id={formId} noValidate onSubmit={submit} className={formGrid}>
            {problem && !problem.field && (
              <Alert status="danger" title="The rule was not added">
                {problem.message}
              </Alert>
            )}
            <Field label="Document type" required error={problem?.field === 'type' ? problem.message : null}>
              <NativeSelect
                options={typeOptions}
                value={typeId || null}
                onValueChange={setTypeId}
                placeholder={types.isPending ? 'Loading…' : 'Choose a document type'}
              />
            </Field>
            <Field label="What happens">
              <NativeSelect
                options={MAIL_RULE_ACTIONS.map((value) => ({ value, label: MAIL_RULE_ACTION_LABELS[value] }))}
                value={action}
                onValueChange={(value) => setAction(value as MailRuleAction)}
              />
            </Field>
            {action === 'forward' ? (
              <>
                <Field
                  label="Send to"
                  required
                  error={problem?.field === 'address' ? problem.message : null}
                  helperText={book.data?.length === 0 ? 'Save an address in the address book first.' : undefined}
                >
                  <NativeSelect
                    options={addressOptions}
                    value={addressId || null}
                    onValueChange={setAddressId}
                    placeholder={book.isPending ? 'Loading…' : 'Choose a saved address'}
                  />
                </Field>
                <Field label="Shipping" helperText="Each original mailed is invoiced at the option’s price.">
                  <NativeSelect
                    options={shippingOptions}
                    value={optionId || null}
                    onValueChange={setOptionId}
                    placeholder="The first option offered"
                    allowEmpty
                  />
                </Field>
              </>
            ) : (
              <p className={muted}>We scan each piece as usual, then shred the paper original. The scan stays in your documents.</p>
            )}
          </form>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={add.isPending}>
            Add rule
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Open>
  )
}
