import { describe, expect, it } from 'vitest'
import { markWords } from './words'

describe('markWords', () => {
  it('marks each searched word, ignoring case and accents, and words it is the stem of', () => {
    expect(markWords('El Corazón de las cartas', 'corazon carta')).toEqual([
      { text: 'El ', marked: false },
      { text: 'Corazón', marked: true },
      { text: ' de las ', marked: false },
      { text: 'cartas', marked: true },
    ])
  })

  it('leaves the snippet whole without words to mark', () => {
    expect(markWords('Plain text', '  ')).toEqual([{ text: 'Plain text', marked: false }])
  })
})
