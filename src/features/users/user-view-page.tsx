import type { AuditEntry, StaffUserDetail } from '@contract/users'
import { SUPER_ADMIN_ROLE_ID } from '@contract/permissions'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { errorMessage } from '~/lib/api-client'
import { formatDateTime } from '~/lib/dates'
import { isSuperAdmin, PERM, usePermission } from '~/lib/permissions'
import { useSession } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { Dialog } from '~/ui/dialog'
import { LoadError } from '~/ui/list-page'
import { notify } from '~/ui/toaster'
import { userQueryOptions, useResetSecondFactors, useUserAction } from './api'
import { mayResetSecondFactors, secondFactorsText } from './second-factors'
import { StaffStatusBadge } from './status'

const grid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1.4fr)' }, alignItems: 'start' })
const facts = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '2 4',
  m: '0',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
  '& dd': { m: '0' },
})
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '4' })
const history = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '3' })
const entry = css({ borderBottomWidth: '1px', borderColor: 'border.default', pb: '3', fontSize: 'sm', _last: { borderBottomWidth: '0' } })
const meta = css({ color: 'fg.muted', fontSize: 'xs' })
const changes = css({ m: '1 0 0', pl: '4', color: 'fg.default' })
const text = css({ m: '0', fontSize: 'sm' })

const FIELD_LABELS: Record<string, string> = { firstName: 'First name', lastName: 'Last name', email: 'E-mail', role: 'Role', status: 'Status' }

/** The fields an entry changed, "Role: Mailroom clerk → Office manager". */
function changedFields(item: AuditEntry): string[] {
  if (!item.before || !item.after) return []
  return Object.keys(FIELD_LABELS)
    .filter((key) => item.before![key] !== item.after![key])
    .map((key) => `${FIELD_LABELS[key]}: ${String(item.before![key] ?? '—')} → ${String(item.after![key] ?? '—')}`)
}

function History({ items }: { items: AuditEntry[] }) {
  if (!items.length) return <p className={text}>Nothing recorded yet.</p>
  return (
    <ol className={history} aria-label="History">
      {items.map((item) => (
        <li key={item.id} className={entry}>
          <strong>{item.summary}</strong>
          <div className={meta}>
            {formatDateTime(item.at)}
            {item.actor ? ` · by ${item.actor.name}` : ''}
          </div>
          {changedFields(item).length > 0 && (
            <ul className={changes}>
              {changedFields(item).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  )
}

type Action = 'deactivate' | 'reactivate' | 'invitation'
const DONE: Record<Action, string> = {
  deactivate: 'The user has been deactivated and signed out',
  reactivate: 'The user has been reactivated',
  invitation: 'A new invitation has been sent',
}

/**
 * A super admin's reset of another user's two-step sign-in (a lost phone and lost recovery codes): the
 * app, its recovery codes and every passkey go, after a confirmation. A refusal shows in the dialog.
 */
function ResetSecondFactors({ user }: { user: StaffUserDetail }) {
  const reset = useResetSecondFactors(user.id)
  const [confirming, setConfirming] = useState(false)
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email
  const close = () => {
    setConfirming(false)
    reset.reset()
  }
  const run = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        notify.success(`Two-step sign-in reset for ${name}.`)
        setConfirming(false)
      },
    })
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Reset two-step sign-in
      </Button>
      {confirming && (
        <Dialog.Root open size="sm" role="alertdialog" onOpenChange={(details) => !details.open && !reset.isPending && close()}>
          <Dialog.Content>
            <Dialog.Header>Reset two-step sign-in</Dialog.Header>
            <Dialog.Body>
              <p className={text}>
                Remove the authenticator app, recovery codes and passkeys of <strong>{user.email}</strong>? They then sign in with their password alone, and are
                asked to set up two-step sign-in again if it is required for staff. Do this only when you are sure it is them asking.
              </p>
              {reset.error && (
                <Alert status="danger" className={css({ mt: '3' })}>
                  {errorMessage(reset.error)}
                </Alert>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} disabled={reset.isPending}>
                Cancel
              </Button>
              <Button variant="danger" onClick={run} loading={reset.isPending}>
                Reset
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Root>
      )}
    </>
  )
}

function UserActions({ user }: { user: StaffUserDetail }) {
  const session = useSession()
  const canEdit = usePermission(PERM.UCE)
  const act = useUserAction(user.id)
  const [confirming, setConfirming] = useState(false)
  if (!canEdit) return null
  const self = session?.user.id === user.id
  // Mirrors the server: only a super admin changes a super admin.
  const mayChange = user.roleId !== SUPER_ADMIN_ROLE_ID || isSuperAdmin(session)
  const run = (action: Action) =>
    act.mutate(action, {
      onSuccess: () => {
        notify.success(DONE[action])
        setConfirming(false)
      },
      onError: (error) => notify.error(errorMessage(error)),
    })
  return (
    <div className={actions}>
      {mayChange && (
        <Link to="/provider/users/edit/$id" params={{ id: String(user.id) }} className={button({ variant: 'outline' })}>
          Edit
        </Link>
      )}
      {mayChange && user.status === 'invited' && (
        <Button variant="outline" onClick={() => run('invitation')} loading={act.isPending && act.variables === 'invitation'}>
          Resend invitation
        </Button>
      )}
      {mayChange && !self && user.status !== 'deactivated' && (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Deactivate
        </Button>
      )}
      {mayChange && user.status === 'deactivated' && (
        <Button variant="outline" onClick={() => run('reactivate')} loading={act.isPending && act.variables === 'reactivate'}>
          Reactivate
        </Button>
      )}
      {mayResetSecondFactors(session, user) && <ResetSecondFactors user={user} />}
      {confirming && (
        <Dialog.Root open size="sm" role="alertdialog" onOpenChange={(details) => !details.open && setConfirming(false)}>
          <Dialog.Content>
            <Dialog.Header>Deactivate user</Dialog.Header>
            <Dialog.Body>
              <p className={text}>
                Deactivate <strong>{user.email}</strong>? They are signed out at once and cannot sign in until reactivated.
              </p>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setConfirming(false)} disabled={act.isPending}>
                Cancel
              </Button>
              <Button variant="danger" onClick={() => run('deactivate')} loading={act.isPending}>
                Deactivate
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Root>
      )}
    </div>
  )
}

/** Provider › Users › a user: details, the actions the signed-in user may take, and the history. */
export function UserViewPage({ userId }: { userId: number }) {
  const query = useQuery(userQueryOptions(userId))
  const user = query.data
  if (query.isError && !user) {
    return (
      <>
        <PageHeader title="User" />
        <LoadError title="The user could not be loaded" onRetry={() => void query.refetch()}>
          {errorMessage(query.error)}
        </LoadError>
      </>
    )
  }
  if (!user) return <PageHeader title="User" />
  return (
    <>
      <PageHeader title={`${user.firstName} ${user.lastName}`.trim() || user.email} description={user.email} />
      <div className={grid}>
        <Panel title="Details">
          <dl className={facts}>
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
            <dt>Role</dt>
            <dd>{user.role}</dd>
            <dt>Status</dt>
            <dd>
              <StaffStatusBadge status={user.status} />
            </dd>
            <dt>Two-step sign-in</dt>
            <dd>{secondFactorsText(user.secondFactors)}</dd>
            <dt>Last sign-in</dt>
            <dd>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}</dd>
            {user.invitedAt && (
              <>
                <dt>Invitation sent</dt>
                <dd>{formatDateTime(user.invitedAt)}</dd>
              </>
            )}
            <dt>Added</dt>
            <dd>{formatDateTime(user.createdAt)}</dd>
          </dl>
          <UserActions user={user} />
        </Panel>
        <Panel title="History">
          <History items={user.history} />
        </Panel>
      </div>
    </>
  )
}
