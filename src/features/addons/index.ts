/**
 * Add-ons: the client's catalogue of add-on services, what it has already, and buying one by card
 * (the payments feature's hosted card fields). Routes import the page from here and its loader from ./loaders.
 */
export { addonCatalogueQueryOptions, addonKeys } from './api'
export { AddonsPage } from './addons-page'
