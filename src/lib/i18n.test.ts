import { i18n } from '@lingui/core'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FIXED_TEXTS } from './fixed-texts'
import { deviceLanguage, shownText } from './i18n'

const LOCALES = path.resolve(import.meta.dirname, '../locales')
const parts = readdirSync(path.join(LOCALES, 'en'))
  .filter((file) => file.endsWith('.po'))
  .map((file) => file.slice(0, -3))

/** A .po file's messages: source (or explicit id) → translation. */
function poEntries(language: string, part: string): Map<string, string> {
  const text = readFileSync(path.join(LOCALES, language, `${part}.po`), 'utf8')
  const entries = new Map<string, string>()
  for (const [, id, translation] of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) {
    const key = JSON.parse(id!) as string
    if (key) entries.set(key, JSON.parse(translation!) as string)
  }
  return entries
}

describe('the catalogs', () => {
  it.each(parts)('%s has a Spanish text for every English one, and nothing else', (part) => {
    const english = poEntries('en', part)
    const spanish = poEntries('es', part)
    expect(english.size).toBeGreaterThan(0)
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort())
    expect([...spanish].filter(([, translation]) => !translation.trim()).map(([id]) => id)).toEqual([])
  })

  it('lists each fixed text by its own English, as its source writes it', () => {
    const sources = ['contract', 'server', 'src/lib']
      .flatMap((dir) => readdirSync(path.resolve(import.meta.dirname, '../..', dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)))
      .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$|fixed-texts\.ts$/.test(file))
      .map((file) => readFileSync(path.resolve(import.meta.dirname, '../..', file), 'utf8'))
      .join('\n')
    for (const text of FIXED_TEXTS) {
      expect(text.message).toBe(text.id)
      expect(sources, text.id).toContain(`'${text.id}'`)
    }
  })
})

describe('the language shown', () => {
  afterEach(() => {
    document.cookie = 'language=; Max-Age=0; Path=/'
    i18n.activate('en')
  })

  it("is the device's choice, else the browser's first language the portal speaks", () => {
    expect(deviceLanguage()).toBe(navigator.languages.some((tag) => tag.startsWith('es')) ? 'es' : 'en')
    document.cookie = 'language=es; Path=/'
    expect(deviceLanguage()).toBe('es')
    document.cookie = 'language=en; Path=/'
    expect(deviceLanguage()).toBe('en')
    document.cookie = 'language=fr; Path=/'
    expect(['en', 'es']).toContain(deviceLanguage())
  })

  it('shows a fixed text in Spanish when the catalog has it, and any other text as it came', async () => {
    const { messages } = (await import('../locales/es/common')) as { messages: Record<string, unknown> }
    i18n.load('es', messages as never)
    i18n.activate('es')
    expect(shownText('This field is mandatory')).toBe('Este campo es obligatorio')
    expect(shownText('Incorrect e-mail or password')).toBe('Correo electrónico o contraseña incorrectos')
    expect(shownText('A detail no catalog has')).toBe('A detail no catalog has')
  })
})
