import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { routePreloadTable, type ManifestChunk } from '../../contract/route-preloads'
import { loadRoutePreloads, withPreloads } from './route-preload'

/** A build directory with the table the build writes from `manifest` (vite.config.ts). */
function builtWith(prefix: string, manifest: Record<string, ManifestChunk>): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(routePreloadTable(manifest)))
  return dir
}

const manifest: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_table.js': { file: 'assets/table.js', imports: ['_shared.js'] },
  'src/routes/__root.tsx?tsr-split=component': { file: 'assets/root.js' },
  'src/routes/_authenticated/route.tsx?tsr-split=component': { file: 'assets/layout.js' },
  'src/routes/_authenticated/client/invoices/index.tsx?tsr-split=component': { file: 'assets/invoices.js', imports: ['_table.js'] },
  'src/routes/_authenticated/client/invoices/index.tsx?tsr-split=errorComponent': { file: 'assets/invoices-error.js' },
  'src/routes/_authenticated/client/invoices/$id.tsx?tsr-split=component': { file: 'assets/invoice.js' },
  'src/routes/_public/login.tsx?tsr-split=component': { file: 'assets/login.js' },
}
const dist = builtWith('route-preload-', manifest)
afterAll(() => rmSync(dist, { recursive: true, force: true }))

describe('route preloads', () => {
  const preloads = loadRoutePreloads(dist)

  it("names a page's route chunks, its layouts' and their imports, but not the entry's", () => {
    expect(preloads('/client/invoices').sort()).toEqual(['assets/invoices.js', 'assets/layout.js', 'assets/root.js', 'assets/table.js'])
  })

  it('matches parameters and prefers the literal route', () => {
    expect(preloads('/client/invoices/42')).toContain('assets/invoice.js')
    expect(preloads('/client/invoices/')).toContain('assets/invoices.js')
  })

  it('leaves out error chunks and unknown paths', () => {
    expect(preloads('/client/invoices')).not.toContain('assets/invoices-error.js')
    expect(preloads('/nowhere')).toEqual([])
  })

  it('is one table for the server, the service worker and the bundle budgets: each page path with its file, and the entry apart', () => {
    const table = routePreloadTable(manifest)
    expect(table.entry.sort()).toEqual(['assets/index.js', 'assets/shared.js'])
    expect(table.routes.map((route) => [route.path, route.source])).toEqual([
      ['/client/invoices', 'src/routes/_authenticated/client/invoices/index.tsx'],
      ['/login', 'src/routes/_public/login.tsx'],
      ['/client/invoices/$id', 'src/routes/_authenticated/client/invoices/$id.tsx'],
    ])
  })

  it('answers nothing without a build', () => {
    expect(loadRoutePreloads(path.join(dist, 'missing'))('/login')).toEqual([])
  })

  it('puts the links in the head', () => {
    expect(withPreloads('<html><head><title>x</title></head></html>', ['assets/a.js'])).toBe(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="/assets/a.js"></head></html>',
    )
  })
})

describe('route preloads with an entry that imports the app at once', () => {
  const withStart = builtWith('route-preload-start-', {
    'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/start.tsx'] },
    'src/start.tsx': { file: 'assets/shell.js', imports: ['_react-dom.js'] },
    '_react-dom.js': { file: 'assets/react-dom.js' },
    'src/routes/_public/login.tsx?tsr-split=component': { file: 'assets/login.js', imports: ['src/start.tsx'] },
  })
  afterAll(() => rmSync(withStart, { recursive: true, force: true }))
  const preloads = loadRoutePreloads(withStart)

  it("names the app's start with its imports on every page path, once", () => {
    expect(preloads('/login').sort()).toEqual(['assets/login.js', 'assets/react-dom.js', 'assets/shell.js'])
    expect(preloads('/nowhere').sort()).toEqual(['assets/react-dom.js', 'assets/shell.js'])
  })
})
