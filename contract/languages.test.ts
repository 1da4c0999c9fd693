import { describe, expect, it } from 'vitest'
import { languageOf } from './languages'

describe('the language a browser asks for', () => {
  it('takes the first spoken one of navigator.languages, by its base language', () => {
    expect(languageOf(['es-US', 'en-US'])).toBe('es')
    expect(languageOf(['fr-FR', 'es-MX', 'en'])).toBe('es')
    expect(languageOf(['en-GB', 'es'])).toBe('en')
    expect(languageOf(['fr', 'de'])).toBe('en')
    expect(languageOf([])).toBe('en')
    expect(languageOf(undefined)).toBe('en')
  })

  it('reads an Accept-Language header by its q-values, skipping q=0', () => {
    expect(languageOf('es-MX,es;q=0.9,en;q=0.8')).toBe('es')
    expect(languageOf('en;q=0.5, es;q=0.8')).toBe('es')
    expect(languageOf('es;q=0, en')).toBe('en')
    expect(languageOf('fr-CA,fr;q=0.9')).toBe('en')
    expect(languageOf('*')).toBe('en')
    expect(languageOf('')).toBe('en')
  })
})
