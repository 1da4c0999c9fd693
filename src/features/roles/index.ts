/**
 * Staff roles: the roles list and form (loaded by their routes), and what the user screens need from
 * them: the list of roles to pick from and whether the signed-in user may give a role.
 */
export { roleKeys, roleListQueryOptions } from './api'
export { canGrantRole } from './grants'
