import type { RegisteredRouter } from '@tanstack/react-router'

/**
 * Every path a link can point to, as the router knows them (its registered route tree). Features
 * name their link targets with this type rather than importing the generated route tree, which
 * imports every route and so every feature.
 */
export type AppPath = RegisteredRouter['routeTree']['types']['fileRouteTypes']['to']
