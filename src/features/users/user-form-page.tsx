import { CreateUserBodySchema, UpdateUserBodySchema, type StaffUser } from '@contract/users'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import * as v from 'valibot'
import { ApiError, errorMessage } from '~/lib/api-client'
import { useSession } from '~/lib/session'
import { formActions, formStack } from '~/ui/form-styles'
import { canGrantRole, roleListQueryOptions } from '~/features/roles'
import { PageHeader } from '~/ui/page-header'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { Field } from '~/ui/field'
import { NativeSelect } from '~/ui/native-select'
import { TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { useCreateUser, userQueryOptions, useUpdateUser } from './api'

type Values = { firstName: string; lastName: string; email: string; roleId: string }
type Errors = Partial<Record<keyof Values, string>>

const narrow = css({ maxW: '36rem' })
const row = css({ display: 'flex', gap: '3', flexWrap: 'wrap' })

/** First error per field of a valibot result or an API refusal. */
function errorsOf(issues: readonly { path: string; message: string }[]): Errors {
  const found: Errors = {}
  for (const issue of issues) {
    const key = issue.path as keyof Values
    if (key && !found[key]) found[key] = issue.message.replace(new RegExp(`^${key}: `), '')
  }
  return found
}

const valibotIssues = (issues: readonly v.BaseIssue<unknown>[]) => issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))

/**
 * Add a user (UCC): name, e-mail and role; the server e-mails an invitation. Edit a user (UCE): name and
 * role. Roles the signed-in user may not give are not offered, and one's own role cannot be changed.
 */
export function UserFormPage({ user }: { user?: StaffUser }) {
  const session = useSession()
  const navigate = useNavigate()
  const roles = useQuery(roleListQueryOptions())
  const create = useCreateUser()
  const update = useUpdateUser(user?.id ?? 0)
  const [values, setValues] = useState<Values>({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    roleId: user ? String(user.roleId) : '',
  })
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const submitting = create.isPending || update.isPending
  const ownAccount = user != null && session?.user.id === user.id

  const roleOptions = (roles.data ?? [])
    .filter((role) => canGrantRole(session, role) || role.id === user?.roleId)
    .map((role) => ({ value: String(role.id), label: role.name }))

  const set = (name: keyof Values) => (value: string) => setValues((current) => ({ ...current, [name]: value }))

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const body = { firstName: values.firstName, lastName: values.lastName, roleId: values.roleId ? Number(values.roleId) : undefined }
    const parsed = user
      ? v.safeParse(UpdateUserBodySchema, { ...body, roleId: ownAccount ? undefined : body.roleId })
      : v.safeParse(CreateUserBodySchema, { ...body, email: values.email })
    if (!parsed.success) {
      setErrors(errorsOf(valibotIssues(parsed.issues)))
      return
    }
    setErrors({})
    try {
      const saved = user
        ? await update.mutateAsync(parsed.output as v.InferOutput<typeof UpdateUserBodySchema>)
        : await create.mutateAsync(parsed.output as v.InferOutput<typeof CreateUserBodySchema>)
      notify.success(user ? 'The user has been saved' : `${saved.email} has been invited to set a password`)
      void navigate({ to: '/provider/users/view/$id', params: { id: String(saved.id) } })
    } catch (error) {
      if (error instanceof ApiError && error.issues.length) setErrors(errorsOf(error.issues))
      setFailure(errorMessage(error))
    }
  }

  return (
    <>
      <PageHeader
        title={user ? 'Edit User' : 'Add User'}
        description={user ? user.email : 'The new user gets an e-mail with a link to choose a password; until then they cannot sign in.'}
      />
      <Panel title={user ? 'Name and role' : 'New staff user'} className={narrow}>
        <form onSubmit={onSubmit} className={formStack} noValidate>
          {failure && <Alert status="danger">{failure}</Alert>}
          <div className={row}>
            <Field label="First name" required error={errors.firstName}>
              <TextInput value={values.firstName} onChange={(e) => set('firstName')(e.target.value)} autoComplete="off" />
            </Field>
            <Field label="Last name" required error={errors.lastName}>
              <TextInput value={values.lastName} onChange={(e) => set('lastName')(e.target.value)} autoComplete="off" />
            </Field>
          </div>
          {!user && (
            <Field label="E-mail" required error={errors.email}>
              <TextInput type="email" value={values.email} onChange={(e) => set('email')(e.target.value)} autoComplete="off" />
            </Field>
          )}
          <Field
            label="Role"
            required
            error={errors.roleId}
            helperText={ownAccount ? 'You cannot change your own role.' : 'Only roles whose permissions you hold yourself are offered.'}
          >
            <NativeSelect
              options={roleOptions}
              value={values.roleId}
              onValueChange={set('roleId')}
              placeholder={roles.isPending ? 'Loading roles…' : 'Choose a role'}
              disabled={ownAccount}
            />
          </Field>
          <div className={cx(formActions, css({ flexDirection: 'row' }))}>
            <Button type="submit" loading={submitting}>
              {user ? 'Save' : 'Add user and send invitation'}
            </Button>
            <Link
              to={user ? '/provider/users/view/$id' : '/provider/users'}
              params={user ? { id: String(user.id) } : undefined}
              className={button({ variant: 'outline' })}
            >
              Cancel
            </Link>
          </div>
        </form>
      </Panel>
    </>
  )
}

/** Provider › Users › Edit: the form once the user is loaded. */
export function UserEditPage({ userId }: { userId: number }) {
  const query = useQuery(userQueryOptions(userId))
  if (!query.data) {
    return (
      <>
        <PageHeader title="Edit User" />
        {query.isError && <Alert status="danger">{errorMessage(query.error)}</Alert>}
      </>
    )
  }
  return <UserFormPage key={query.data.id} user={query.data} />
}
