/**
 * PostgreSQL error codes of a failed statement, the one place that reads them. The drivers (pg,
 * PGlite) and drizzle wrap the database's error, so the code is looked up through `cause`.
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
  }
  return undefined
}

/** A unique index refused the write (23505). */
export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === '23505'

/** Two transactions collided: a deadlock (40P01) or a serialization failure (40001). */
export const isConcurrencyFailure = (error: unknown): boolean => ['40P01', '40001'].includes(pgErrorCode(error) ?? '')

/** What postgres.js (and the socket under it) reports when the connection itself is gone. */
const LOST_CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
])

/**
 * The connection to the database was lost, rather than the statement refused: the server ended it
 * (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), the connection failed (08xxx),
 * or the driver saw its socket close. The same statement may well succeed on a new connection.
 */
export function isConnectionFailure(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (LOST_CONNECTION_CODES.has(e.code) || /^(08[0-9A-Z]{3}|57P0[123])$/.test(e.code))) return true
  }
  return false
}
