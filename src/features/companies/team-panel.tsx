import { TEAM_ROLE_LABELS, TEAM_ROLES, type TeamMember, type TeamRole } from '@contract/team'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { Alert } from '~/ui/alert'
import { StatusBadge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import { NativeSelect } from '~/ui/native-select'
import { Spinner } from '~/ui/spinner'
import { TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { teamQueryOptions, useTeamChanges } from './api'

const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }))
const ROLE_HELP = 'Owner: everything, and the team. Member: documents, mail requests and support. Billing: invoices, payments and add-ons.'

const table = css({
  w: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { textAlign: 'left', py: '2', px: '2', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'middle' },
})
const muted = css({ color: 'fg.muted', fontSize: 'xs' })
const roleCell = css({ minW: '36' })
const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })

const STATUS_TONE = { active: 'success', invited: 'info', deactivated: 'neutral' } as const

/**
 * A company's team (GET /api/client/{id}/team): its people, their role and whether they have signed in
 * yet. With `canEdit` (the company's owner; staff with PCE): add a person, change a role, remove a
 * person after asking. The server's refusals (the last owner, a person already in the team) show in the
 * dialog or above the list, where the change was made.
 */
export function TeamPanel({ clientId, canEdit, selfId }: { clientId: number; canEdit: boolean; selfId?: number }) {
  const team = useQuery(teamQueryOptions(clientId))
  const { changeRole, remove } = useTeamChanges(clientId)
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<TeamMember | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const onRoleChange = (member: TeamMember, role: TeamRole) => {
    setProblem(null)
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => notify.success(`${member.firstName} ${member.lastName} is now ${TEAM_ROLE_LABELS[role].toLowerCase()}`),
        onError: (error) => setProblem(errorMessage(error)),
      },
    )
  }

  return (
    <Panel
      title="Team"
      description="The people who can sign in to this company, and what each of them can do."
      footer={
        canEdit ? (
          <Button
            onClick={() => {
              setProblem(null)
              setAdding(true)
            }}
          >
            Add person
          </Button>
        ) : undefined
      }
    >
      <div className={stack}>
        {problem && (
          <Alert status="danger" title="The team was not changed">
            {problem}
          </Alert>
        )}
        {team.isPending ? (
          <Spinner label="Loading the team" />
        ) : team.isError ? (
          <Alert status="danger" title="The team could not be loaded">
            {errorMessage(team.error)}
          </Alert>
        ) : (
          <table className={table} aria-label="Team">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                {canEdit && (
                  <th scope="col">
                    <span className={css({ srOnly: true })}>Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {team.data.map((member) => {
                const name = `${member.firstName} ${member.lastName}`
                return (
                  <tr key={member.userId}>
                    <td>
                      <div>
                        {name}
                        {member.userId === selfId ? ' (you)' : ''}
                      </div>
                      <div className={muted}>{member.email}</div>
                    </td>
                    <td className={roleCell}>
                      {canEdit ? (
                        <NativeSelect
                          fieldControl={false}
                          aria-label={`Role of ${name}`}
                          options={ROLE_OPTIONS}
                          value={member.role}
                          disabled={changeRole.isPending}
                          onValueChange={(role) => onRoleChange(member, role as TeamRole)}
                        />
                      ) : (
                        TEAM_ROLE_LABELS[member.role]
                      )}
                    </td>
                    <td>
                      <StatusBadge tone={STATUS_TONE[member.status]}>
                        {member.status === 'invited' ? 'Invited' : member.status === 'active' ? 'Active' : 'Deactivated'}
                      </StatusBadge>
                    </td>
                    {canEdit && (
                      <td>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Remove ${name}`}
                          onClick={() => {
                            setProblem(null)
                            setRemoving(member)
                          }}
                        >
                          Remove
                        </Button>
                      </td>
                    )}
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </div>
      {adding && <AddPersonDialog clientId={clientId} onClose={() => setAdding(false)} />}
      {removing && (
        <RemovePersonDialog
          member={removing}
          pending={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onClose={() => {
            remove.reset()
            setRemoving(null)
          }}
          onConfirm={() =>
            remove.mutate(removing.userId, {
              onSuccess: () => {
                notify.success(`${removing.firstName} ${removing.lastName} was removed from the team`)
                setRemoving(null)
              },
            })
          }
        />
      )}
    </Panel>
  )
}

function AddPersonDialog({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const { add } = useTeamChanges(clientId)
  const [email, setEmail] = useState('')
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [role, setRole] = useState<TeamRole>('member')
  const [missing, setMissing] = useState<Record<string, string>>({})

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const errors: Record<string, string> = {}
    if (!email.trim()) errors.email = 'Enter the e-mail address'
    if (!firstName.trim()) errors.firstName = 'Enter the first name'
    if (!lastName.trim()) errors.lastName = 'Enter the last name'
    setMissing(errors)
    if (Object.keys(errors).length > 0) return
    add.mutate(
      { email: email.trim(), firstName: firstName.trim(), lastName: lastName.trim(), role },
      {
        onSuccess: (member) => {
          notify.success(`${member.firstName} ${member.lastName} was added to the team`)
          onClose()
        },
      },
    )
  }

  return (
    <Dialog.Root open size="md" onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Content>
        <form onSubmit={submit} noValidate>
          <Dialog.Header>Add person</Dialog.Header>
          <Dialog.Body>
            <div className={stack}>
              {add.error && (
                <Alert status="danger" title="The person was not added">
                  {errorMessage(add.error)}
                </Alert>
              )}
              <Field label="E-mail" required error={missing.email}>
                <TextInput type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
              </Field>
              <div className={row}>
                <Field label="First name" required error={missing.firstName}>
                  <TextInput value={firstName} onChange={(event) => setFirstName(event.target.value)} />
                </Field>
                <Field label="Last name" required error={missing.lastName}>
                  <TextInput value={lastName} onChange={(event) => setLastName(event.target.value)} />
                </Field>
              </div>
              <Field label="Role" helperText={ROLE_HELP}>
                <NativeSelect options={ROLE_OPTIONS} value={role} onValueChange={(value) => setRole(value as TeamRole)} />
              </Field>
            </div>
          </Dialog.Body>
          <Dialog.Footer>
            <Button type="button" variant="outline" onClick={onClose} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add person
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}

function RemovePersonDialog({
  member,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  member: TeamMember
  pending: boolean
  error: string | null
  onClose: () => void
  onConfirm: () => void
}) {
  const name = `${member.firstName} ${member.lastName}`
  return (
    <Dialog.Root open size="sm" role="alertdialog" onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Content>
        <Dialog.Header>Remove {name}?</Dialog.Header>
        <Dialog.Body>
          <div className={stack}>
            {error && (
              <Alert status="danger" title="The person was not removed">
                {error}
              </Alert>
            )}
            <p className={css({ m: '0', fontSize: 'sm' })}>
              {name} ({member.email}) can no longer open this company at once. Their login stays for any other company they are in.
            </p>
          </div>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            Remove
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
