import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { inlineStaticCss, loadCss } from './static-css.ts'

const css = await loadCss(path.resolve(import.meta.dirname, '..'))

describe('static css() calls become their class names at build time', () => {
  it('writes the class names css() gives for a literal style object, conditions and all', async () => {
    const style = { display: 'flex', gap: '2', _hover: { bg: 'bg.muted' }, md: { px: '4' } }
    const source = `import { css } from 'styled-system/css'\nexport const row = css(${JSON.stringify(style)})\n`
    const out = await inlineStaticCss(source, '/app/src/row.tsx', css)
    expect(out?.code).toContain(`export const row = ${JSON.stringify(css(style))}`)
    expect(css(style)).toMatch(/\bd_flex\b.*\bgap_2\b/)
  })

  it('evaluates constants made of literals and merges several arguments as css() does', async () => {
    const source = [
      `import { css as style } from 'styled-system/css'`,
      `const base = { color: 'fg.muted', fontSize: 'sm' }`,
      `export const note = style(base, { fontSize: 'xs' })`,
    ].join('\n')
    const out = await inlineStaticCss(source, '/app/src/note.ts', css)
    expect(out?.code).toContain(`export const note = ${JSON.stringify(css({ color: 'fg.muted', fontSize: 'sm' }, { fontSize: 'xs' }))}`)
    expect(out?.code).not.toMatch(/style\(/)
  })

  it('leaves a call with a value known only at run time, and any other css()', async () => {
    const source = [
      `import { css } from 'styled-system/css'`,
      `import { css as other } from './elsewhere'`,
      `export const Cell = ({ wide }: { wide: boolean }) => <td className={css({ width: wide ? 'full' : 'auto' })} />`,
      `export const raw = other({ display: 'flex' })`,
    ].join('\n')
    const out = await inlineStaticCss(source, '/app/src/cell.tsx', css)
    expect(out?.code).toContain(`css({`)
    expect(out?.code).toContain(`other({`)
  })

  it('does nothing to a module that does not import styled-system/css', async () => {
    expect(await inlineStaticCss(`export const x = 1\n`, '/app/src/x.ts', css)).toBeNull()
  })
})
