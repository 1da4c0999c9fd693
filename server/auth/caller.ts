/** The signed-in caller, read from the database (or cached briefly, see AppDeps.callers in server/context.ts). */
export interface Caller {
  userId: number
  email: string
  roleId: number
  roleType: string
  clientId: number | null
  agentId: number | null
  isSuperAdmin: boolean
  permCodes: ReadonlySet<string>
  /** Staff who must set up a second factor before the staff routes answer them (GET /api/settings/sign-in). */
  secondFactorSetupRequired: boolean
  /** SHA-256 of the bearer token, so log out can revoke it. */
  tokenHash: string
}
