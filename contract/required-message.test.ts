import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { REQUIRED_MESSAGE } from './common'
import { RoleBodySchema } from './roles'
import { CreateUserBodySchema, UpdateUserBodySchema } from './users'

/** Every required field left empty says the same thing, in the forms and in the server's refusals. */
const messages = (result: { issues?: readonly v.BaseIssue<unknown>[] }) =>
  Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]).reverse())

describe('the required message', () => {
  it("is 'This field is mandatory'", () => {
    expect(REQUIRED_MESSAGE).toBe('This field is mandatory')
  })

  it('is what an empty role name says', () => {
    expect(messages(v.safeParse(RoleBodySchema, { name: '  ', permCodes: [] }))).toEqual({ name: REQUIRED_MESSAGE })
  })

  it("is what a staff user's empty names and missing role say", () => {
    const created = messages(v.safeParse(CreateUserBodySchema, { firstName: '', lastName: ' ', email: 'sam@example.test', roleId: undefined }))
    expect(created).toEqual({ firstName: REQUIRED_MESSAGE, lastName: REQUIRED_MESSAGE, roleId: REQUIRED_MESSAGE })
    expect(messages(v.safeParse(UpdateUserBodySchema, { firstName: '' }))).toEqual({ firstName: REQUIRED_MESSAGE })
  })
})
