/** What other features and the routes use of sign-in and sessions. */
export { signOut } from './sign-out'
export { requireAgent, requireClient, requirePermission, requireSession, safeRedirectTarget } from './guards'
export { refreshPermissions } from './api'
export { keepPermissionsFresh } from './permission-refresh'
