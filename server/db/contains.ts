import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { ValueOf } from './statement-cache'

/** `%text%` for LIKE, with the searcher's own wildcards (`%`, `_`, `\`) taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** The shortest run of digits worth giving the index on its own. */
const MIN_DIGITS = 3

/** How `contains` asks the index for a text: all of it, or first its longest run of digits. */
export type ContainsForm = 'whole' | 'digits'

/** The form `contains` takes for `text`, and the two LIKE patterns it uses. */
export function containsPatterns(text: string): { form: ContainsForm; whole: string; digits: string } {
  const digits = (text.match(/\d+/g) ?? []).reduce((longest, run) => (run.length > longest.length ? run : longest), '')
  const form = digits.length < MIN_DIGITS || digits === text ? 'whole' : 'digits'
  return { form, whole: containing(text), digits: containing(digits) }
}

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
  const { form, whole, digits } = containsPatterns(text)
  return containsAs(target, form, whole, digits, options)
}

/**
 * `contains` in a list's cached statement (`cachedList` in statement-cache.ts): the list's shape holds the form
 * (`containsPatterns(text).form`), and the patterns are the values `<name>Whole` and `<name>Digits`
 * (`searchValues`).
 */
export function containsValue(target: SQLWrapper, form: ContainsForm, name: string, value: ValueOf, options: { caseSensitive?: boolean } = {}): SQL {
  return containsAs(target, form, value(`${name}Whole`), form === 'digits' ? value(`${name}Digits`) : '', options)
}

/** The values `containsValue` reads for a search named `name`. */
export function searchValues(name: string, text: string): Record<string, string> {
  const { whole, digits } = containsPatterns(text)
  return { [`${name}Whole`]: whole, [`${name}Digits`]: digits }
}

function containsAs(target: SQLWrapper, form: ContainsForm, whole: unknown, digits: unknown, options: { caseSensitive?: boolean }): SQL {
  const op = sql.raw(options.caseSensitive ? 'like' : 'ilike')
  if (form === 'whole') return sql`${target} ${op} ${whole}`
  return sql`(${target} ${op} ${digits} and (${target} || '') ${op} ${whole})`
}
