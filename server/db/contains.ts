import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

/** `%text%` for LIKE, with the searcher's own wildcards (`%`, `_`, `\`) taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** The shortest run of digits worth giving the index on its own. */
const MIN_DIGITS = 3

/**
 * "Contains `text`" on a column or expression with a trigram index, case-insensitive unless `caseSensitive`.
 *
 * The index looks up every trigram of the text and intersects their row lists, so a trigram most rows
 * share ("sca", "an-" of "scan-12345.pdf", "com" of "Company 01234") walks most of the table: tens of
 * milliseconds at a million rows. When the text holds a run of digits (a number, a date, a phone) beside
 * other characters, the index is asked for that run only, which few rows share, and each row it finds
 * is checked against the whole text (the `|| ''` keeps that check out of the index lookup).
 */
export function contains(target: SQLWrapper, text: string, options: { caseSensitive?: boolean } = {}): SQL {
  const op = sql.raw(options.caseSensitive ? 'like' : 'ilike')
  const whole = containing(text)
  const digits = (text.match(/\d+/g) ?? []).reduce((longest, run) => (run.length > longest.length ? run : longest), '')
  if (digits.length < MIN_DIGITS || digits === text) return sql`${target} ${op} ${whole}`
  return sql`(${target} ${op} ${containing(digits)} and (${target} || '') ${op} ${whole})`
}
