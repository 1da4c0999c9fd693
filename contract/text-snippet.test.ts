import { describe, expect, it } from 'vitest'
import { searchWords, snippetOf } from './text-snippet'

describe('snippetOf', () => {
  const text = `${'Opening words of a long letter. '.repeat(6)}El corazón de la carta dice que el permiso zorblaxite fue renovado. ${'More words follow here. '.repeat(10)}`

  it('shows the text around the first match, cut at whole words, marked as cut', () => {
    const snippet = snippetOf(text, ['zorblaxite'])
    expect(snippet).toContain('zorblaxite')
    expect(snippet.startsWith('… ')).toBe(true)
    expect(snippet.endsWith(' …')).toBe(true)
    expect(snippet.length).toBeLessThan(220)
  })

  it('matches without accents or case, and by the stem', () => {
    expect(snippetOf(text, ['CORAZON'])).toContain('corazón')
    expect(snippetOf('One letter only.', ['letters'])).toBe('One letter only.')
  })

  it('begins at the start when nothing matches', () => {
    expect(snippetOf('Short text.', ['absent'])).toBe('Short text.')
  })

  it('takes the words of a search text', () => {
    expect(searchWords('  "tax notice", 2026! ')).toEqual(['tax', 'notice', '2026'])
  })
})
