import * as v from 'valibot'
import { EmailSchema } from './auth'
import { BodyId, IdParam } from './common'
import { PersonName } from './users'

/**
 * Companies and teams: one login may belong to several client companies, with a role in each.
 * GET /api/auth/companies, POST /api/auth/switch-company; a company's team:
 * GET/POST /api/client/{id}/team, PATCH/DELETE /api/client/{id}/team/{userId}.
 */

/**
 * owner: everything, and manages the team. member: documents, mail requests, support; no paying, no
 * profile or team changes. billing: invoices, payments, add-ons; no documents.
 */
export const TEAM_ROLES = ['owner', 'member', 'billing'] as const
export type TeamRole = (typeof TEAM_ROLES)[number]
export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', member: 'Member', billing: 'Billing' }
export const TeamRoleSchema = v.picklist(TEAM_ROLES, `Choose one of ${TEAM_ROLES.join(', ')}`)

/** GET /api/auth/companies: the companies of the signed-in person (none for staff), first company first. */
export const CompanySchema = v.object({ clientId: v.number(), companyName: v.string(), role: TeamRoleSchema })
export type Company = v.InferOutput<typeof CompanySchema>
export const CompaniesResponseSchema = v.object({ data: v.array(CompanySchema) })

/** POST /api/auth/switch-company: a new token whose `clientId` is this company (403 for one the person does not belong to). */
export const SwitchCompanyBodySchema = v.strictObject({ clientId: BodyId('Choose a company') })

export const LAST_OWNER_MESSAGE = 'A company needs at least one owner: make someone else an owner first'
export const TeamMemberParamsSchema = v.object({ id: IdParam, userId: IdParam })

/** GET /api/client/{id}/team: the company's people. Invited: added, no password chosen yet. */
export const TeamMemberSchema = v.object({
  userId: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  role: TeamRoleSchema,
  status: v.picklist(['active', 'invited', 'deactivated']),
  /** ISO 8601. */
  addedAt: v.string(),
})
export type TeamMember = v.InferOutput<typeof TeamMemberSchema>
export const TeamListSchema = v.object({ data: v.array(TeamMemberSchema) })

/** POST /api/client/{id}/team. */
export const TeamMemberInputSchema = v.strictObject({
  email: EmailSchema,
  firstName: PersonName('First name'),
  lastName: PersonName('Last name'),
  role: TeamRoleSchema,
})
export type TeamMemberInput = v.InferOutput<typeof TeamMemberInputSchema>

/** PATCH /api/client/{id}/team/{userId}. */
export const TeamMemberUpdateSchema = v.strictObject({ role: TeamRoleSchema })
