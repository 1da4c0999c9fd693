/** A unique index refused the write (PostgreSQL 23505), looked up through wrapped errors. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true
  }
  return false
}
