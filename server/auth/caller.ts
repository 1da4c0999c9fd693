import type { TeamRole } from '../../contract/team'
/** The signed-in caller, read from the database (or cached briefly, see AppDeps.callers in server/context.ts). */
export interface Caller {
  userId: number
  email: string
  roleId: number
  roleType: string
  /** The company the session is in (a person may belong to several); null for staff. */
  clientId: number | null
  /** The person's role in that company; null for staff. */
  clientRole: TeamRole | null
  agentId: number | null
  isSuperAdmin: boolean
  permCodes: ReadonlySet<string>
  /** Staff who must set up a second factor before the staff routes answer them (GET /api/settings/sign-in). */
  secondFactorSetupRequired: boolean
  /** SHA-256 of the bearer token, so log out can revoke it. */
  tokenHash: string
  /** The session (refresh family) the token belongs to. */
  sessionId: string
}
