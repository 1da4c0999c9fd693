/**
 * The languages the portal speaks: English (the specification's own texts) and Spanish. A user's choice
 * is one of these; what a browser asks for is matched to one of them (`languageOf`), English when none.
 */
export const LANGUAGES = ['en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]

/** The cookie that keeps a device's chosen language, read by the app and by the server (its pages and mail). */
export const LANGUAGE_COOKIE = 'language'

/** Each language's own name, as its speakers write it (the language switch lists them so). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' }

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

/**
 * The first of the asked languages the portal speaks: navigator.languages (['es-US', 'en']) or an
 * Accept-Language header ('es-MX,es;q=0.9,en;q=0.8', by its q-values); English when none is spoken here.
 */
export function languageOf(asked: readonly string[] | string | null | undefined): Language {
  const tags =
    typeof asked === 'string'
      ? asked
          .split(',')
          .map((part) => {
            const [tag, ...params] = part.trim().split(';')
            const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((found) => found !== undefined)
            return { tag: tag!.trim(), q: q === undefined ? 1 : Number(q) }
          })
          .filter(({ tag, q }) => tag && q > 0)
          .sort((a, b) => b.q - a.q)
          .map(({ tag }) => tag)
      : (asked ?? [])
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}
