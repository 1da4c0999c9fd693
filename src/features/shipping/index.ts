/**
 * Shipping options: the carriers and speeds originals are mailed by, with their prices. The staff
 * page (./options-page, loaded by its route) manages them; the mail request form reads them through
 * ./api and writes them with ./format.
 */
export { shippingKeys, shippingOptionsQueryOptions, type ShippingOption } from './api'
export { defaultShippingOption, shippingName, shippingOptionLabel } from './format'
