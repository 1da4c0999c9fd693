import { MAX_SAVED_ADDRESSES, type MailHandlingMode } from '@contract/addresses'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { Dialog } from '~/ui/dialog'
import { RadioGroup } from '~/ui/radio-group'
import { Spinner } from '~/ui/spinner'
import { notify } from '~/ui/toaster'
import { addressLine } from './address-form'
import {
  addressBookQueryOptions,
  mailHandlingQueryOptions,
  mailRulesQueryOptions,
  useDeleteAddress,
  useRemoveMailRule,
  useSetMailHandling,
  type Address,
  type MailRule,
} from './mail-api'

// The add/edit dialog (and its form library) loads on the first click of Add or Edit.
const AddressDialog = lazy(() => import('./address-dialog').then((m) => ({ default: m.AddressDialog })))
const MailRuleDialog = lazy(() => import('./mail-rule-dialog').then((m) => ({ default: m.MailRuleDialog })))

const grid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, mt: '6' })
const muted = css({ color: 'fg.muted', fontSize: 'sm', m: '0' })
const note = css({ fontSize: 'sm', m: '0', mt: '4' })
const rows = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '3', fontSize: 'sm' })
const row = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  pb: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0', pb: '0' },
})
const rowText = css({ display: 'grid', gap: '0.5', minW: '0', '& strong': { fontWeight: 'semibold' }, '& span': { overflowWrap: 'anywhere' } })
const rowActions = css({ display: 'flex', gap: '2' })
const centered = css({ display: 'flex', justifyContent: 'center', py: '4' })

/** What each mode means, in the client's words. */
export const MAIL_HANDLING_TEXT: Record<MailHandlingMode, { label: string; description: string }> = {
  'scan-all': {
    label: 'Open and scan everything',
    description: 'We open every piece of mail and upload a scan of its contents for you to read here.',
  },
  'envelope-first': {
    label: 'Envelope first',
    description:
      'We upload a scan of the envelope only; you then choose what happens to each piece: open and scan it, forward it, hold it for pick-up, or shred it.',
  },
}

/**
 * The client-wide mail settings of a client's profile (the client's own, and staff's Basic tab): how
 * its mail is handled, its address book and its automatic rules. `canEdit`: the client itself, or
 * staff with PCE.
 */
export function ClientMailSettings({ clientId, canEdit, defaultCountryId }: { clientId: number; canEdit: boolean; defaultCountryId?: number | null }) {
  return (
    <div className={grid}>
      <MailHandlingPanel clientId={clientId} canEdit={canEdit} />
      <AddressBookPanel clientId={clientId} canEdit={canEdit} defaultCountryId={defaultCountryId} />
      <MailRulesPanel clientId={clientId} canEdit={canEdit} />
    </div>
  )
}

function MailHandlingPanel({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const handling = useQuery(mailHandlingQueryOptions(clientId))
  const change = useSetMailHandling(clientId)
  const mode = change.isPending ? change.variables : handling.data?.mode
  return (
    <Panel title="Mail handling" description="What the mailroom does with each piece of mail that arrives for the company.">
      {handling.isPending ? (
        <div className={centered}>
          <Spinner label="Loading" />
        </div>
      ) : handling.isError && !handling.data ? (
        <Alert status="danger" title="Mail handling could not be loaded">
          {errorMessage(handling.error)}
        </Alert>
      ) : (
        <>
          <RadioGroup
            label="How mail is handled"
            orientation="vertical"
            value={mode ?? null}
            disabled={!canEdit || change.isPending}
            onValueChange={(next) =>
              change.mutate(next as MailHandlingMode, {
                onSuccess: (saved) => notify.success(`Mail handling saved: ${MAIL_HANDLING_TEXT[saved.mode].label}`),
                onError: (error) => notify.error(`Mail handling was not changed: ${errorMessage(error)}`),
              })
            }
            options={(Object.keys(MAIL_HANDLING_TEXT) as MailHandlingMode[]).map((value) => ({
              value,
              label: (
                <span className={rowText}>
                  <strong>{MAIL_HANDLING_TEXT[value].label}</strong>
                  <span className={muted}>{MAIL_HANDLING_TEXT[value].description}</span>
                </span>
              ),
            }))}
          />
          <p className={note}>Service of process and mail from the State are always opened and scanned at once, whichever you choose.</p>
          {mode === 'envelope-first' && (
            <p className={note}>
              Each envelope appears in your Documents List marked “Envelope”; choose Open and scan, Shred, Hold for pick-up or Request by mail from its menu.
            </p>
          )}
        </>
      )}
    </Panel>
  )
}

type Editing = { kind: 'add' } | { kind: 'edit'; address: Address } | { kind: 'delete'; address: Address } | null

function AddressBookPanel({ clientId, canEdit, defaultCountryId }: { clientId: number; canEdit: boolean; defaultCountryId?: number | null }) {
  const book = useQuery(addressBookQueryOptions(clientId))
  const [editing, setEditing] = useState<Editing>(null)
  const close = () => setEditing(null)
  const saved = book.data ?? []
  const full = saved.length >= MAX_SAVED_ADDRESSES
  return (
    <Panel
      title="Address book"
      description="Saved addresses to mail documents to: pick one when you request a document by mail."
      footer={
        canEdit && book.data ? (
          <Button variant="outline" size="sm" onClick={() => setEditing({ kind: 'add' })} disabled={full}>
            Add address
          </Button>
        ) : undefined
      }
    >
      {editing && (editing.kind === 'add' || editing.kind === 'edit') && (
        <Suspense fallback={null}>
          <AddressDialog
            clientId={clientId}
            address={editing.kind === 'edit' ? editing.address : undefined}
            saved={saved}
            defaultCountryId={defaultCountryId}
            onClose={close}
          />
        </Suspense>
      )}
      {editing?.kind === 'delete' && <DeleteAddressDialog clientId={clientId} address={editing.address} onClose={close} />}
      {book.isPending ? (
        <div className={centered}>
          <Spinner label="Loading" />
        </div>
      ) : book.isError && !book.data ? (
        <Alert status="danger" title="The address book could not be loaded">
          {errorMessage(book.error)}
        </Alert>
      ) : saved.length === 0 ? (
        <p className={muted}>No saved addresses yet.</p>
      ) : (
        <ul className={rows} aria-label="Saved addresses">
          {saved.map((address) => (
            <li key={address.id} className={row}>
              <span className={rowText}>
                <strong>{address.label}</strong>
                <span>{address.recipientName}</span>
                <span className={muted}>{addressLine(address)}</span>
              </span>
              {canEdit && (
                <span className={rowActions}>
                  <Button variant="outline" size="sm" onClick={() => setEditing({ kind: 'edit', address })} aria-label={`Edit ${address.label}`}>
                    Edit
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setEditing({ kind: 'delete', address })} aria-label={`Delete ${address.label}`}>
                    Delete
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {full && canEdit && <p className={note}>The address book is full ({MAX_SAVED_ADDRESSES} addresses): delete one to add another.</p>}
    </Panel>
  )
}

function DeleteAddressDialog({ clientId, address, onClose }: { clientId: number; address: Address; onClose: () => void }) {
  const remove = useDeleteAddress(clientId)
  return (
    <Dialog.Root open size="sm" role="alertdialog" onOpenChange={(details) => !details.open && !remove.isPending && onClose()}>
      <Dialog.Content>
        <Dialog.Header>Delete address</Dialog.Header>
        <Dialog.Body>
          <p className={css({ m: '0', fontSize: 'sm' })}>
            Delete <strong>{address.label}</strong> ({addressLine(address)}) from the address book? Requests already sent to it keep their address.
          </p>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(address.id, {
                onSuccess: () => {
                  notify.success(`${address.label} deleted`)
                  onClose()
                },
                onError: (error) => notify.error(errorMessage(error)),
              })
            }
          >
            Delete
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** "Forward Tax Notice to Office (USPS Priority Mail)", "Shred the paper of General Mail after scanning". */
function ruleText(rule: MailRule): string {
  if (rule.action === 'shred') return `Shred the paper of ${rule.documentTypeName} after scanning`
  return `Forward ${rule.documentTypeName} to ${rule.addressLabel ?? 'a saved address'} (${rule.shippingOptionName ?? 'first shipping option offered'})`
}

function MailRulesPanel({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const rules = useQuery(mailRulesQueryOptions(clientId))
  const remove = useRemoveMailRule(clientId)
  const [adding, setAdding] = useState(false)
  const list = rules.data ?? []
  return (
    <Panel
      title="Rules"
      description="What happens automatically to each scan of a type as it arrives. Envelopes and service of process are never handled by a rule."
      footer={
        canEdit && rules.data ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            Add rule
          </Button>
        ) : undefined
      }
    >
      {adding && (
        <Suspense fallback={null}>
          <MailRuleDialog clientId={clientId} rules={list} onClose={() => setAdding(false)} />
        </Suspense>
      )}
      {rules.isPending ? (
        <div className={centered}>
          <Spinner label="Loading" />
        </div>
      ) : rules.isError && !rules.data ? (
        <Alert status="danger" title="The rules could not be loaded">
          {errorMessage(rules.error)}
        </Alert>
      ) : list.length === 0 ? (
        <p className={muted}>No rules yet: each piece of mail waits for you.</p>
      ) : (
        <ul className={rows} aria-label="Mail rules">
          {list.map((rule) => (
            <li key={rule.id} className={row}>
              <span className={rowText}>
                <strong>{rule.documentTypeName}</strong>
                <span className={muted}>{ruleText(rule)}</span>
              </span>
              {canEdit && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove the rule for ${rule.documentTypeName}`}
                  loading={remove.isPending && remove.variables === rule.id}
                  onClick={() =>
                    remove.mutate(rule.id, {
                      onSuccess: () => notify.success(`Rule for ${rule.documentTypeName} removed`),
                      onError: (error) => notify.error(`The rule was not removed: ${errorMessage(error)}`),
                    })
                  }
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
