import * as v from 'valibot'
import { idFromParam } from '~/lib/route-params'

/**
 * What the client route files need outside their components and loaders: search params and the
 * profile's tabs. Light (no API, no contract), because route options sit in the app's first chunk;
 * loaders load with the page (./loaders).
 */
export { ClientListSearchSchema, listStateFromSearch, searchFromListState, type ClientListSearch, type ClientListState } from './list-params'

/** The provider client profile's tabs, chosen by ?tab=. */
export const CLIENT_PROFILE_TABS = ['basic', 'invoices', 'documents'] as const
export type ClientProfileTab = (typeof CLIENT_PROFILE_TABS)[number]

/** ?tab= in any case ('Documents' as well as 'documents'); anything else opens Basic. */
export const ClientProfileSearchSchema = v.object({
  tab: v.fallback(v.optional(v.pipe(v.string(), v.toLowerCase(), v.picklist(CLIENT_PROFILE_TABS)), 'basic'), 'basic'),
})

/** A client id from the address ('12'), or null when it is not one. */
export const clientIdFromParam = idFromParam
