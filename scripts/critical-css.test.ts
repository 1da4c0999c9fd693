import { describe, expect, it } from 'vitest'
import { criticalCss, selectorClasses } from './critical-css'

describe('selectorClasses', () => {
  it("unescapes Panda's class names", () => {
    expect(selectorClasses('.md\\:d_flex')).toEqual(['md:d_flex'])
    expect(selectorClasses('.w_4\\.5rem')).toEqual(['w_4.5rem'])
    expect(selectorClasses('.\\[\\&\\[data-state\\=collapsed\\]\\]\\:w_4\\.5rem[data-state=collapsed]')).toEqual(['[&[data-state=collapsed]]:w_4.5rem'])
  })

  it("counts only the element's own classes, not those in attribute values or :not()/:is()", () => {
    expect(selectorClasses('a[href$=".pdf"]')).toEqual([])
    expect(selectorClasses('.button:is(:hover, [data-hover]):not(.disabled)')).toEqual(['button'])
    expect(selectorClasses('.card .card__title')).toEqual(['card', 'card__title'])
  })
})

describe('criticalCss', () => {
  const sheet = [
    '@layer reset{html{line-height:1.5}*{margin:0}}',
    '@layer tokens{:root{--colors-fg:#111}}',
    '@layer recipes{.button{padding:4px}.badge{padding:2px}}',
    '@layer utilities{.d_flex{display:flex}.d_grid{display:grid}@media screen and (min-width:48rem){.md\\:d_flex{display:flex}.md\\:d_none{display:none}}.a\\&b{color:red}}',
    '@keyframes spin{to{transform:rotate(1turn)}}',
  ].join('')

  it('keeps the element and token layers whole and the class rules the frame uses', () => {
    const css = criticalCss(sheet, '<div class="d_flex md:d_flex"><button class="button a&amp;b">Go</button></div>')
    expect(css).toContain('html{line-height:1.5}')
    expect(css).toContain('--colors-fg:#111')
    expect(css).toContain('.button{padding:4px}')
    expect(css).toContain('.d_flex{display:flex}')
    expect(css).toContain('.md\\:d_flex{display:flex}')
    expect(css).toContain('.a\\&b{color:red}')
    expect(css).toContain('@keyframes spin')
    expect(css).not.toContain('.badge')
    expect(css).not.toContain('.d_grid')
    expect(css).not.toContain('d_none')
  })

  it('drops a media query left empty, and keeps the layers in their order', () => {
    const css = criticalCss(sheet, '<p class="d_grid">x</p>')
    expect(css).not.toContain('@media')
    const order = ['reset', 'tokens', 'recipes', 'utilities'].map((layer) => css.indexOf(`@layer ${layer}`))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(order.every((at) => at >= 0)).toBe(true)
  })
})
