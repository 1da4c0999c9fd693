import * as v from 'valibot'
import { REQUIRED_MESSAGE } from './common'
import { PermCodeSchema } from './permissions'

/** Staff roles (provider/roles): each a name, a description and a set of permission codes. */

export const RoleSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  /** The super admin role passes every check: its codes are every code, and it cannot be changed. */
  superAdmin: v.boolean(),
  permCodes: v.array(v.string()),
  /** Users holding the role (active or not). */
  userCount: v.number(),
})
export type Role = v.InferOutput<typeof RoleSchema>
export const RoleListSchema = v.array(RoleSchema)

/** POST /api/roles and PUT /api/roles/{id}. */
export const RoleBodySchema = v.strictObject({
  name: v.pipe(v.string(REQUIRED_MESSAGE), v.trim(), v.nonEmpty(REQUIRED_MESSAGE), v.maxLength(60, 'Name must be at most 60 characters')),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300, 'Description must be at most 300 characters')), ''),
  permCodes: v.pipe(
    v.array(PermCodeSchema),
    v.maxLength(100),
    v.transform((codes) => [...new Set(codes)]),
  ),
})
export type RoleBody = v.InferOutput<typeof RoleBodySchema>
export type RoleBodyInput = v.InferInput<typeof RoleBodySchema>

export const ROLE_NAME_TAKEN = 'A role with this name already exists'
