import { LANGUAGE_COOKIE, isLanguage, languageOf, type Language } from '@contract/languages'
import { i18n, type Messages } from '@lingui/core'

/**
 * The interface's language and its messages. Texts are written in English in the code through Lingui's
 * `t` and `msg` macros, which the build turns into message ids; the messages of each id come from the
 * catalogs in src/locales (one per part of the portal, compiled by the build from the .po files).
 *
 * The language is the one chosen on this device (the `language` cookie, so that the server makes its
 * pages and mail in it too), else the first the browser asks for that the portal speaks, else English.
 * A signed-in person's choice is also kept on their account and follows them to another device.
 *
 * A page's catalogs load with the page (its route's `beforeLoad` asks for its part's, alongside its
 * chunks), only in the chosen language. Changing the language saves the choice and loads the page again:
 * every text is read as it renders, so a reload is the one way nothing stays in the old language.
 */
export type CatalogPart = 'common' | 'auth'

const catalogs = import.meta.glob<{ messages: Messages }>('../locales/*/*.ts')
const loaded = new Set<string>()

function savedLanguage(): Language | null {
  if (typeof document === 'undefined') return null
  const value = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1)
  return isLanguage(value) ? value : null
}

/** The language this device shows: its saved choice, else the browser's, else English. */
export function deviceLanguage(): Language {
  return savedLanguage() ?? (typeof navigator === 'undefined' ? 'en' : languageOf(navigator.languages))
}

/** The language of the texts on screen. */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en')

/** Starts in the device's language (the app's start; the build's page frames start in English). */
export function startLanguage(language: Language = deviceLanguage()): void {
  i18n.activate(language)
  if (typeof document !== 'undefined') document.documentElement.lang = language
}

/** Loads the catalogs of these parts in the current language (each once). */
export async function loadMessages(...parts: CatalogPart[]): Promise<void> {
  const language = currentLanguage()
  await Promise.all(
    parts.map(async (part) => {
      const key = `${language}/${part}`
      if (loaded.has(key)) return
      const load = catalogs[`../locales/${key}.ts`]
      if (!load) throw new Error(`No catalog ${key}`)
      const { messages } = await load()
      i18n.load(language, messages)
      loaded.add(key)
    }),
  )
}

/** Keeps this device's choice (a year and more, as long as a browser keeps a cookie). */
export function saveDeviceLanguage(language: Language): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${400 * 24 * 60 * 60}; SameSite=Lax${secure}`
}

/** The user chose another language: kept on this device, and the page shown again in it. */
export function changeLanguage(language: Language): void {
  saveDeviceLanguage(language)
  if (language !== currentLanguage()) window.location.reload()
}

/**
 * A fixed English text that comes from outside the interface's code (a shared schema's validation
 * message, the server's error detail), in the current language when the catalogs hold it (the texts
 * are listed for them in lib/fixed-texts.ts, by their English as id); else as it came.
 */
export function shownText(text: string): string {
  return Object.prototype.hasOwnProperty.call(i18n.messages, text) ? i18n._(text) : text
}
