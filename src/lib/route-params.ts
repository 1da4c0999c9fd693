/**
 * A row id from a route's `$id` ('12'), or null when it cannot be one: the contract's rule for ids (the
 * API's IdParam), as plain code.
 */
export { idFromText as idFromParam } from '@contract/common'
