/**
 * The snippet of a search: the text around the first place one of the searched words occurs, found as
 * the full-text search finds it (case and accents ignored; a word also found by its stem, "letters" in
 * "letter"). Plain text: the PWA highlights the words.
 */

/** Characters shown before and after the first match. */
const BEFORE = 60
const AFTER = 140

/** The words of a search text (letters and digits), as typed. */
export function searchWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? []
}

/** Lower case without accents, one character for each of the text's UTF-16 units, so places map back. */
export function fold(text: string): string {
  let out = ''
  for (const ch of text) {
    const folded = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    // Keep the length: a character whose folding is longer or shorter keeps its own length.
    out += folded.length === ch.length ? folded : ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch
  }
  return out
}

/** Where a word (or, failing that, its stem) first occurs in folded text, and how long the match is. */
function firstMatch(folded: string, word: string): { at: number; length: number } | null {
  const target = fold(word)
  const stems = [target]
  if (target.length > 4) stems.push(target.slice(0, Math.max(4, target.length - 3)))
  for (const stem of stems) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\p{L}\\p{N}]*`, 'u')
    const found = pattern.exec(folded)
    if (found) return { at: found.index, length: found[0].length }
  }
  return null
}

export function snippetOf(text: string, words: string[]): string {
  const folded = fold(text)
  let first: { at: number; length: number } | null = null
  for (const word of words) {
    const match = firstMatch(folded, word)
    if (match && (!first || match.at < first.at)) first = match
  }
  const at = first?.at ?? 0
  let start = Math.max(0, at - BEFORE)
  let end = Math.min(text.length, at + (first?.length ?? 0) + AFTER)
  // Whole words at both ends.
  if (start > 0) {
    const space = text.indexOf(' ', start)
    if (space !== -1 && space < at) start = space + 1
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end)
    if (space > at + (first?.length ?? 0)) end = space
  }
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim()
  return `${start > 0 ? '… ' : ''}${body}${end < text.length ? ' …' : ''}`
}
