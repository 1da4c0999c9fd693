import { afterEach, describe, expect, it } from 'vitest'
import { applyAppStyles, releaseAppStyles } from './app-styles'

afterEach(() => {
  document.head.innerHTML = ''
})

describe('applyAppStyles', () => {
  it("turns the shell's style preload into the style sheet and settles only once it has loaded", async () => {
    document.head.innerHTML = '<link rel="preload" as="style" crossorigin href="/assets/index-abc.css" data-app-styles>'
    let settled = false
    const applied = applyAppStyles().then(() => {
      settled = true
    })
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!
    expect(sheet.getAttribute('href')).toBe('/assets/index-abc.css')
    expect(sheet.hasAttribute('crossorigin')).toBe(true)
    await Promise.resolve()
    expect(settled).toBe(false)
    sheet.dispatchEvent(new Event('load'))
    await applied
    expect(settled).toBe(true)
  })

  it('does not hold the app when the sheet fails, and has nothing to wait for without a preload', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/index-abc.css" data-app-styles>'
    const applied = applyAppStyles()
    document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('error'))
    await expect(applied).resolves.toBeUndefined()

    document.head.innerHTML = ''
    await expect(applyAppStyles()).resolves.toBeUndefined()
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull()
  })
})

describe('a held style sheet', () => {
  it('loads without applying until released', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/index-abc.css" data-app-styles>'
    const applied = applyAppStyles(document, { held: true })
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!
    expect(sheet.media).toBe('print')
    sheet.dispatchEvent(new Event('load'))
    await applied
    expect(sheet.media).toBe('print')
    releaseAppStyles()
    expect(sheet.media).toBe('all')
    expect(sheet.hasAttribute('data-held')).toBe(false)
  })

  it("takes the page frame's inline rules out as it applies, so they cannot outrank the sheet's order", async () => {
    document.head.innerHTML =
      '<link rel="preload" as="style" href="/assets/index-abc.css" data-app-styles><style data-frame-styles>.m_0{margin:0}</style><style>.boot{}</style>'
    const applied = applyAppStyles(document, { held: true })
    document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load'))
    await applied
    expect(document.head.querySelector('style[data-frame-styles]')).not.toBeNull()
    releaseAppStyles()
    expect(document.head.querySelector('style[data-frame-styles]')).toBeNull()
    // The shell's own boot rules are not the frame's.
    expect(document.head.querySelectorAll('style')).toHaveLength(1)
  })
})
