/**
 * Clients: the provider's Clients list and client profile (tabs Basic, Invoices, Documents), and the
 * client's own profile with its mail settings (mail handling, address book). Other features use the
 * query factories (the sign-up wizards refresh the lists; the mail request form reads the address book
 * and checks a new address's label as the address book does).
 */
export { clientKeys, clientListQueryOptions, clientQueryOptions, type ClientListParams } from './api'
export { addressBookQueryOptions, mailHandlingQueryOptions, mailKeys, type Address } from './mail-api'
export { addressLine, labelProblem } from './address-form'
