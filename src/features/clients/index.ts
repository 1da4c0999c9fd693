/**
 * Clients: the provider's Clients list and client profile (tabs Basic, Invoices, Documents), and the
 * client's own profile. Other features use the query factories (the sign-up wizards refresh the lists).
 */
export { clientKeys, clientListQueryOptions, clientQueryOptions, type ClientListParams } from './api'
