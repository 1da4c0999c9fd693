import { isPermCode, PERMISSIONS, permissionsByGroup, type PermCode } from '@contract/permissions'
import { RoleBodySchema, type Role } from '@contract/roles'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import * as v from 'valibot'
import { ApiError, errorMessage } from '~/lib/api-client'
import { sessionHasPermission } from '~/lib/permissions'
import { useSession } from '~/lib/session'
import { formStack } from '~/ui/form-styles'
import { PageHeader } from '~/ui/page-header'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { Checkbox } from '~/ui/checkbox'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import { Textarea, TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { roleQueryOptions, useCreateRole, useDeleteRole, useUpdateRole } from './api'

const narrow = css({ maxW: '48rem' })
const groups = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, border: '0', p: '0', m: '0' })
const group = css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3', m: '0', display: 'grid', gap: '2' })
const legend = css({ fontWeight: 'semibold', fontSize: 'sm', px: '1' })
const buttons = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const text = css({ m: '0', fontSize: 'sm' })

type Errors = Partial<Record<'name' | 'description' | 'permCodes', string>>

/**
 * Add a role (RCC) or edit one (RCE): name, description and the permission codes as labelled
 * checkboxes, grouped. A code the signed-in user does not hold cannot be ticked (it may stay ticked
 * when the role already has it), as the server refuses to grant it.
 */
export function RoleFormPage({ role }: { role?: Role }) {
  const session = useSession()
  const navigate = useNavigate()
  const create = useCreateRole()
  const update = useUpdateRole(role?.id ?? 0)
  const [name, setName] = useState(role?.name ?? '')
  const [description, setDescription] = useState(role?.description ?? '')
  const [codes, setCodes] = useState<Set<PermCode>>(() => new Set((role?.permCodes ?? []).filter(isPermCode)))
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [deleting, setDeleting] = useState(false)

  const toggle = (code: PermCode, on: boolean) =>
    setCodes((current) => {
      const next = new Set(current)
      if (on) next.add(code)
      else next.delete(code)
      return next
    })

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const parsed = v.safeParse(RoleBodySchema, { name, description, permCodes: [...codes] })
    if (!parsed.success) {
      const found: Errors = {}
      for (const issue of parsed.issues) {
        const key = (v.getDotPath(issue) ?? '').split('.')[0] as keyof Errors
        if (key && !found[key]) found[key] = issue.message
      }
      setErrors(found)
      return
    }
    setErrors({})
    try {
      const saved = role ? await update.mutateAsync(parsed.output) : await create.mutateAsync(parsed.output)
      notify.success(role ? `The role "${saved?.name}" has been saved` : `The role "${saved?.name}" has been added`)
      void navigate({ to: '/provider/roles' })
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setErrors({ name: error.detail })
      setFailure(errorMessage(error))
    }
  }

  return (
    <>
      <PageHeader title={role ? 'Edit Role' : 'Add Role'} description={role ? role.name : 'A name, a short description and what the role may do.'} />
      <Panel className={narrow} title={role ? 'Role' : 'New role'}>
        <form onSubmit={onSubmit} className={formStack} noValidate>
          {failure && <Alert status="danger">{failure}</Alert>}
          <Field label="Name" required error={errors.name}>
            <TextInput value={name} onChange={(e) => setName(e.target.value)} maxLength={60} autoComplete="off" />
          </Field>
          <Field label="Description" error={errors.description}>
            <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} maxLength={300} />
          </Field>
          <fieldset className={groups}>
            <legend className={css({ fontWeight: 'semibold', mb: '2' })}>Permissions</legend>
            {permissionsByGroup().map(({ group: key, heading, codes: groupCodes }) => (
              <fieldset key={key} className={group}>
                <legend className={legend}>{heading}</legend>
                {groupCodes.map((code) => {
                  const held = sessionHasPermission(session, code)
                  const checked = codes.has(code)
                  // A code may be removed, or kept, but only added by someone who holds it.
                  const disabled = !held && !checked
                  return (
                    <Checkbox
                      key={code}
                      label={`${code} · ${PERMISSIONS[code].label}`}
                      description={
                        held ? PERMISSIONS[code].description : `${PERMISSIONS[code].description} (You do not hold this permission, so you cannot grant it.)`
                      }
                      checked={checked}
                      disabled={disabled}
                      value={code}
                      onCheckedChange={(next) => toggle(code, next === true)}
                    />
                  )
                })}
              </fieldset>
            ))}
          </fieldset>
          <div className={buttons}>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {role ? 'Save role' : 'Add role'}
            </Button>
            <Link to="/provider/roles" className={button({ variant: 'outline' })}>
              Cancel
            </Link>
            {role && (
              <Button
                type="button"
                variant="danger"
                onClick={() => setDeleting(true)}
                disabled={role.userCount > 0}
                title={role.userCount > 0 ? 'A role somebody holds cannot be deleted' : undefined}
              >
                Delete role
              </Button>
            )}
          </div>
          {role && role.userCount > 0 && (
            <p className={text}>
              {role.userCount === 1 ? '1 user holds' : `${role.userCount} users hold`} this role; give them another role before deleting it.
            </p>
          )}
        </form>
      </Panel>
      {role && deleting && <DeleteRoleDialog role={role} onClose={() => setDeleting(false)} />}
    </>
  )
}

function DeleteRoleDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const remove = useDeleteRole()
  const navigate = useNavigate()
  const confirm = () =>
    remove.mutate(role.id, {
      onSuccess: () => {
        notify.success(`The role "${role.name}" has been deleted`)
        onClose()
        void navigate({ to: '/provider/roles' })
      },
      onError: (error) => notify.error(errorMessage(error)),
    })
  return (
    <Dialog.Root open size="sm" role="alertdialog" onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Content>
        <Dialog.Header>Delete role</Dialog.Header>
        <Dialog.Body>
          <p className={text}>
            Delete the role <strong>{role.name}</strong>? This cannot be undone.
          </p>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** Provider › Roles › Edit: the form once the role is loaded. */
export function RoleEditPage({ roleId }: { roleId: number }) {
  const query = useQuery(roleQueryOptions(roleId))
  const session = useSession()
  if (!query.data) {
    return (
      <>
        <PageHeader title="Edit Role" />
        {query.isError && <Alert status="danger">{errorMessage(query.error)}</Alert>}
      </>
    )
  }
  const role = query.data
  if (role.superAdmin || role.id === session?.user.roleId) {
    return (
      <>
        <PageHeader title="Edit Role" description={role.name} />
        <Alert status="warning">{role.superAdmin ? 'The super admin role cannot be changed.' : 'You cannot change the role you hold yourself.'}</Alert>
      </>
    )
  }
  return <RoleFormPage key={role.id} role={role} />
}
