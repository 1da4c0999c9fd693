import * as v from 'valibot'
import { EmailSchema } from './auth'
import { IdParam, MAX_ID, PageQuerySchema, pageOf, REQUIRED_MESSAGE, type ListParams } from './common'
import { SECOND_STEP_METHODS } from './second-factor'

/**
 * Staff users (provider/users): the paged list, one user with their history, and the write calls
 * (add with an invitation, change name or role, deactivate, reactivate, resend the invitation).
 */

/** Invited: added, no password set yet (cannot sign in). Deactivated: access taken away. */
export const STAFF_STATUSES = ['active', 'invited', 'deactivated'] as const
export type StaffStatus = (typeof STAFF_STATUSES)[number]
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' }

export const StaffUserSchema = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  roleId: v.number(),
  role: v.string(),
  status: v.picklist(STAFF_STATUSES),
  /** ISO time of the last successful sign-in; null if never. */
  lastSignInAt: v.nullable(v.string()),
  /** ISO time the last invitation went out, while it is still waiting for a password. */
  invitedAt: v.nullable(v.string()),
  createdAt: v.string(),
})
export type StaffUser = v.InferOutput<typeof StaffUserSchema>
export const StaffUserPageSchema = pageOf(StaffUserSchema)
export type StaffUserPage = v.InferOutput<typeof StaffUserPageSchema>

export const USER_SORT_FIELDS = ['name', 'email', 'role', 'status', 'lastSignInAt', 'createdAt'] as const
export type UserSortField = (typeof USER_SORT_FIELDS)[number]

const Filter = v.pipe(v.string(), v.trim(), v.maxLength(100, 'must be at most 100 characters'))

/** GET /api/users?page=1&pageSize=20&sort=name&order=asc&q=…&name=…&email=…&role=…&roleId=3&status=active */
export const UserListQuerySchema = v.object({
  ...PageQuerySchema.entries,
  sort: v.optional(v.picklist(USER_SORT_FIELDS, `must be one of ${USER_SORT_FIELDS.join(', ')}`)),
  name: v.optional(Filter),
  email: v.optional(Filter),
  /** Part of the role's name. */
  role: v.optional(Filter),
  roleId: v.optional(IdParam),
  status: v.optional(v.picklist(STAFF_STATUSES, `must be one of ${STAFF_STATUSES.join(', ')}`)),
})
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>
export type UserListParams = ListParams<typeof UserListQuerySchema>

export const PersonName = (what: string) =>
  v.pipe(v.string(REQUIRED_MESSAGE), v.trim(), v.nonEmpty(REQUIRED_MESSAGE), v.maxLength(100, `${what} must be at most 100 characters`))

const RoleId = v.pipe(v.number(REQUIRED_MESSAGE), v.integer('Choose a role'), v.minValue(1, 'Choose a role'), v.maxValue(MAX_ID, 'Choose a role'))

/** POST /api/users: a staff user, invited by e-mail to set a password. */
export const CreateUserBodySchema = v.strictObject({
  firstName: PersonName('First name'),
  lastName: PersonName('Last name'),
  email: EmailSchema,
  roleId: RoleId,
})
export type CreateUserBody = v.InferOutput<typeof CreateUserBodySchema>

/** PATCH /api/users/{id}: any of name and role. */
export const UpdateUserBodySchema = v.pipe(
  v.strictObject({
    firstName: v.optional(PersonName('First name')),
    lastName: v.optional(PersonName('Last name')),
    roleId: v.optional(RoleId),
  }),
  v.check((body) => Object.values(body).some((value) => value !== undefined), 'Give at least one of firstName, lastName, roleId'),
)
export type UpdateUserBody = v.InferOutput<typeof UpdateUserBodySchema>

/** One audit row of a user's (or a role's) history: who, when, what, before and after. */
export const AuditEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  /** 'user.create', 'user.invite', 'user.update', 'user.deactivate', 'user.reactivate', 'sign-in', ... */
  action: v.string(),
  /** Readable form of the action. */
  summary: v.string(),
  actor: v.nullable(v.object({ id: v.number(), name: v.string() })),
  before: v.nullable(v.record(v.string(), v.unknown())),
  after: v.nullable(v.record(v.string(), v.unknown())),
})
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>
export const AuditEntryListSchema = v.array(AuditEntrySchema)

/** One staff user with their second factors and their history, newest first. */
export const StaffUserDetailSchema = v.object({
  ...StaffUserSchema.entries,
  /** What the user can give as a sign-in's second step (an authenticator app, a passkey); empty when nothing. */
  secondFactors: v.array(v.picklist(SECOND_STEP_METHODS)),
  history: AuditEntryListSchema,
})
export type StaffUserDetail = v.InferOutput<typeof StaffUserDetailSchema>

/** Messages the server and the form share. */
export const EMAIL_TAKEN = 'A user with this e-mail address already exists'
