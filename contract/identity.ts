import * as v from 'valibot'
import { IdParam } from './common'

/**
 * Identity calls: GET /api/agent, /api/agent/{agentId}, /api/permissions,
 * /api/user/{id}/permissions, /api/country, and GET /api/business-entity-types for the sign-up wizard.
 */

export const AgentIdParamsSchema = v.object({ agentId: IdParam })
export const UserIdParamsSchema = v.object({ id: IdParam })

/** A staff user of an agent record. */
export const AgentUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  roleId: v.number(),
  /** The role's name. */
  role: v.string(),
  roleType: v.string(),
  active: v.boolean(),
})
export type AgentUser = v.InferOutput<typeof AgentUserSchema>

/**
 * An agent record (the provider's staff account). users[0] is the signed-in user whenever they belong
 * to the record, so a session reading users[0].roleId and roleType gets its own role.
 */
export const AgentSchema = v.object({
  id: v.number(),
  name: v.string(),
  createdAt: v.string(),
  users: v.array(AgentUserSchema),
})
export type Agent = v.InferOutput<typeof AgentSchema>
export const AgentListSchema = v.array(AgentSchema)

/** GET /api/permissions: every permission code the product knows. */
export const PermissionDefinitionSchema = v.object({ id: v.number(), permCode: v.string(), name: v.string() })
export type PermissionDefinition = v.InferOutput<typeof PermissionDefinitionSchema>
export const PermissionDefinitionListSchema = v.array(PermissionDefinitionSchema)

/** GET /api/user/{id}/permissions: the codes of that user's role (all of them for super admin). */
export const UserPermissionSchema = v.object({ permCode: v.string() })
export const UserPermissionListSchema = v.array(UserPermissionSchema)

/** GET /api/country: United States first, then by name. */
export const CountrySchema = v.object({ id: v.number(), name: v.string(), iso2: v.string() })
export type Country = v.InferOutput<typeof CountrySchema>
export const CountryListSchema = v.array(CountrySchema)

/** GET /api/business-entity-types: Florida (Sunbiz) entity kinds. */
export const BusinessEntityTypeSchema = v.object({ id: v.number(), name: v.string() })
export type BusinessEntityType = v.InferOutput<typeof BusinessEntityTypeSchema>
export const BusinessEntityTypeListSchema = v.array(BusinessEntityTypeSchema)
