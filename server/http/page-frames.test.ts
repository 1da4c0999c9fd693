import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { frameArea, framesFit, loadPageFrames, withFrame } from './page-frames'

const dist = mkdtempSync(path.join(tmpdir(), 'page-frames-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const shell = [
  '<html><head><link rel="preload" as="style" crossorigin href="/assets/index.css" data-app-styles><link rel="modulepreload" crossorigin href="/assets/shell.js"></head><body>',
  '<div id="root">',
  '<!-- boot: the page frame goes here -->',
  '<div class="boot">Client Portal</div>',
  '<!-- /boot -->',
  '</div></body></html>',
].join('')

describe('page frames', () => {
  it('finds a path with or without its trailing slash, and nothing for other paths or without frames', () => {
    writeFileSync(path.join(dist, 'frames.json'), JSON.stringify({ '/login': { area: 'public', html: '<h1>Sign in</h1>', css: 'h1{margin:0}' } }))
    const frames = loadPageFrames(dist)
    expect(frames('/login', undefined)?.html).toBe('<h1>Sign in</h1>')
    expect(frames('/login/', undefined)?.html).toBe('<h1>Sign in</h1>')
    expect(frames('/client/dashboard', 'client')).toBeNull()
    expect(loadPageFrames(path.join(dist, 'missing'))('/login', undefined)).toBeNull()
  })

  it("gives a signed-in page's frame only to a browser signed in to its area", () => {
    writeFileSync(
      path.join(dist, 'frames.json'),
      JSON.stringify({
        '/login': { area: 'public', html: '<h1>Sign in</h1>', css: '' },
        '/client/invoices': { area: 'client', html: '<h1>Invoices</h1>', css: '' },
        '/provider/documents': { area: 'agent', html: '<h1>Documents</h1>', css: '' },
      }),
    )
    const frames = loadPageFrames(dist)
    expect(frames('/client/invoices', 'client')?.html).toBe('<h1>Invoices</h1>')
    expect(frames('/client/invoices', undefined)).toBeNull()
    expect(frames('/client/invoices', 'agent')).toBeNull()
    expect(frames('/provider/documents', 'agent')?.html).toBe('<h1>Documents</h1>')
    expect(frames('/provider/documents', 'client')).toBeNull()
    expect(frames('/provider/documents', 'public')).toBeNull()
    expect(frames('/login', 'client')?.html).toBe('<h1>Sign in</h1>')
  })

  it('puts the frame, inert, in place of the boot screen, with its styles inline, and the preloads after its paint', () => {
    const html = withFrame(shell, { path: '/login', area: 'public', html: '<h1>Sign in $& $1</h1>', css: '.a{color:red}' })
    expect(html).toContain('<div id="root" data-frame="/login"><div inert aria-hidden="true"><h1>Sign in $& $1</h1></div></div>')
    expect(html).not.toContain('boot')
    expect(html).toContain('<style data-frame-styles>.a{color:red}</style><template')
    expect(html).toContain('<template id="app-preloads"><link rel="modulepreload" crossorigin href="/assets/shell.js"></template></head>')
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(1)
    expect(html).toContain('<link rel="preload" fetchpriority="low" as="style" crossorigin href="/assets/index.css" data-app-styles>')
  })

  it("reads the browser's area from its cookies, and none when its sidebar is collapsed (frames have it open)", () => {
    const cookies = (jar: Record<string, string>) => (name: string) => jar[name]
    expect(frameArea(cookies({ portal_area: 'client' }))).toBe('client')
    expect(frameArea(cookies({ portal_area: 'agent', sidebar_state: 'true' }))).toBe('agent')
    expect(frameArea(cookies({ portal_area: 'agent', sidebar_state: 'false' }))).toBeUndefined()
    expect(frameArea(cookies({}))).toBeUndefined()
  })

  it('sends the English frames only to a browser shown English: its saved choice first, else what it asks for', () => {
    const cookies = (jar: Record<string, string>) => (name: string) => jar[name]
    expect(framesFit(cookies({}), undefined)).toBe(true)
    expect(framesFit(cookies({}), 'en-US,en;q=0.9')).toBe(true)
    expect(framesFit(cookies({}), 'es-US,es;q=0.9,en;q=0.8')).toBe(false)
    expect(framesFit(cookies({ language: 'es' }), 'en-US')).toBe(false)
    expect(framesFit(cookies({ language: 'en' }), 'es-MX')).toBe(true)
  })

  it('leaves the shell as it is without a frame', () => {
    expect(withFrame(shell, null)).toBe(shell)
  })
})
