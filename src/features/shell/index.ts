/**
 * The portal's frame, for the routes and feature pages. Only light modules are exported here, so a
 * public page importing this index does not pull the signed-in layout (menus, tooltips, drawer) into
 * its chunk; the routes import app-layout.tsx, route-states.tsx and placeholder-page.tsx directly.
 */
export { AuthCard, PublicLayout } from './public-layout'
export { PageHeader, usePageTitle } from './page'
export { publicConfigQueryOptions, usePublicConfig } from './api'
export { displayName } from './display-name'
