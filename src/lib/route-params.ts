/**
 * A row id from a route's `$id` ('12'), or null when it cannot be one: a positive whole number that
 * fits the database's integer ids (the same rule as the API's IdParam in contract/common.ts, without
 * loading valibot and the contract into every page's first script).
 */
export function idFromParam(param: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null
}
