/** What other features and the routes use of sign-in and sessions. */
export { signOut } from './sign-out'
export { requireAgent, requireClient, requirePermission, requireSecondFactorSetUp, requireSession, safeRedirectTarget } from './guards'
export { useSecondFactorSetupGate } from './second-factor-setup-gate'
export { secondFactorsQueryOptions } from './second-factor-query'
export { refreshPermissions } from './api'
export { keepPermissionsFresh } from './permission-refresh'
