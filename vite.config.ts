import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig, type Plugin } from 'vite'
import { routePreloadTable, type ManifestChunk } from './contract/route-preloads.ts'
import { staticCss } from './scripts/static-css.ts'
import { alias, appPlugins } from './vite.plugins.ts'

/**
 * Writes .br and .gz beside every built script, style sheet and manifest, so a server can send them
 * precompressed (the first page's JavaScript is about a quarter of its size over the wire).
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name)
          return statSync(file).isDirectory() ? walk(file) : [file]
        })
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|webmanifest|svg)$/.test(file)) continue
        // Small files too (a route's little chunks add up); a variant is kept only when it is smaller.
        const content = readFileSync(file)
        const br = brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
        const gz = gzipSync(content, { level: 9 })
        if (br.length < content.length) writeFileSync(`${file}.br`, br)
        if (gz.length < content.length) writeFileSync(`${file}.gz`, gz)
      }
    },
  }
}

/**
 * Writes dist/route-preloads.json: the scripts each page path needs (contract/route-preloads.ts), from
 * the build's manifest, for the service worker, which precaches it and names them in the shell it
 * serves, as the server does in the shell it sends. Written before the service worker's precache list
 * is made (vite-plugin-pwa makes it when the bundle is closed).
 */
function routePreloadsFile(): Plugin {
  return {
    name: 'portal:route-preloads',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? 'dist'
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
      writeFileSync(path.join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloadTable(manifest)))
    },
  }
}
const ROUTE_PRELOADS_FILE = 'route-preloads.json'

/**
 * The style sheet without blocking the first paint: the built shell fetches it at once as a preload
 * (`data-app-styles`) instead of a render-blocking <link rel="stylesheet">, so the browser paints the
 * shell's own inline-styled frame (index.html) as soon as the HTML is in. The app applies the sheet
 * and waits for it before its first render (src/lib/app-styles.ts), so nothing of the app is ever
 * painted unstyled. A script-free swap (an onload attribute) would need an inline handler, which the
 * Content-Security-Policy refuses.
 */
function nonBlockingStyles(): Plugin {
  return {
    name: 'portal:non-blocking-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[^"]+\.css)">/g
        if (!sheets.test(html)) throw new Error('portal:non-blocking-styles: no built style sheet link in index.html')
        return html.replace(sheets, '<link rel="preload" as="style"$1 href="$2" data-app-styles>')
      },
    },
  }
}

/** Every module reachable from `roots` by following `next` (the roots included). */
function reachable(roots: string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...roots]
  while (stack.length) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    stack.push(...next(id))
  }
  return seen
}

/**
 * Finds, once the build has read the module graph, the modules only signed-in pages load with the
 * signed-in layout: what the layout route's chunk imports statically, less anything a public page,
 * the root or a piece loaded on demand from them can reach. The `signed-in` chunk group below puts
 * them in one file: every signed-in page loads all of them with its first paint, and one file
 * compresses much better than a dozen small ones (menus, popper, portal, presence...). A public page
 * fetches it only to show an error or not-found page to a signed-in user.
 */
function signedInLayoutModules() {
  const ids = new Set<string>()
  const layoutChunk = /[\\/]src[\\/]routes[\\/]_authenticated[\\/]route\.tsx\?tsr-split=/
  const signedInChunk = /[\\/]src[\\/]routes[\\/]_authenticated[\\/].*\?tsr-split=/
  // The error, not-found and pending pages (loaded on demand) bring the signed-in frame when signed in.
  const routeStates = /[\\/]src[\\/]app[\\/]route-states\.tsx$/
  const plugin: Plugin = {
    name: 'portal:signed-in-layout-modules',
    apply: 'build',
    buildEnd() {
      const all = [...this.getModuleIds()]
      const info = (id: string) => this.getModuleInfo(id)
      // Everything reachable without entering a signed-in route's chunk: the public side.
      const entries = all.filter((id) => info(id)?.isEntry)
      const publicSide = reachable(entries, (id) =>
        [...(info(id)?.importedIds ?? []), ...(info(id)?.dynamicallyImportedIds ?? [])].filter((next) => !signedInChunk.test(next) && !routeStates.test(next)),
      )
      const layout = reachable(
        all.filter((id) => layoutChunk.test(id)),
        (id) => info(id)?.importedIds ?? [],
      )
      ids.clear()
      // The route's own chunk stays: the router loads it by name.
      for (const id of layout) if (!publicSide.has(id) && !layoutChunk.test(id)) ids.add(id)
    },
  }
  return { plugin, test: (id: string) => ids.has(id) }
}
const signedIn = signedInLayoutModules()

/**
 * Finds, once the build has read the module graph, the app's start (src/start.tsx) and everything it
 * imports statically: what the first script of every page holds. The entry (src/main.tsx) is a few lines
 * that load it, so a page painted from its frame is painted before this script is evaluated.
 */
function startModules() {
  const ids = new Set<string>()
  const entryIds = new Set<string>()
  const plugin: Plugin = {
    name: 'portal:start-modules',
    apply: 'build',
    buildEnd() {
      const start = [...this.getModuleIds()].filter((id) => /[\\/]src[\\/]start\.tsx$/.test(id))
      if (start.length !== 1) throw new Error('portal:start-modules: src/start.tsx is not in the build')
      const imported = (id: string) => this.getModuleInfo(id)?.importedIds ?? []
      // What the entry itself imports (a flag, the preload helper) stays in the entry's file.
      const entry = reachable(
        [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry),
        imported,
      )
      ids.clear()
      for (const id of reachable(start, imported)) if (!entry.has(id)) ids.add(id)
      entryIds.clear()
      for (const id of entry) entryIds.add(id)
    },
  }
  return { plugin, test: (id: string) => ids.has(id), inEntry: (id: string) => entryIds.has(id) }
}
const start = startModules()

/**
 * Puts what pages share into fewer files. A page's first paint needs its route chunks and their static
 * imports, and each file costs a round trip on a slow connection (HTTP/1.1 fetches six at a time): the
 * style helpers, the page header, the button, the query hooks, the list's badge and toolbar pieces...
 * were one small file each, some 20-30 requests per page. Two groups:
 * - `shell`: what every page loads, plus small modules (a few KB of source) that most pages load (two thirds of
 *   the public pages and 80 % of the signed-in ones);
 * - `signed-in`: what every signed-in page loads and no public page does, plus small modules half the
 *   signed-in pages load, plus the signed-in layouts' own route chunks.
 * The few pages that do not use a small module fetch a few hundred bytes more; no public page fetches
 * the signed-in chunk. Route budgets (scripts/bundle-size.mjs) still apply.
 */
/** Source characters (after transforms, before minifying) under which a module counts as small. */
const SMALL_MODULE = 4000

function sharedPageModules() {
  const everyPage = new Set<string>()
  const everySignedInPage = new Set<string>()
  const routeChunk = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=(.+)$/
  const plugin: Plugin = {
    name: 'portal:shared-page-modules',
    apply: 'build',
    buildEnd() {
      const splits = new Map<string, string[]>()
      for (const id of this.getModuleIds()) {
        const match = routeChunk.exec(id)
        // Error and not-found components load only when shown.
        if (!match || /errorComponent|notFoundComponent/.test(match[2])) continue
        const file = match[1].replace(/\\/g, '/')
        splits.set(file, [...(splits.get(file) ?? []), id])
      }
      const layoutsAbove = (file: string) => {
        const parts = file.split('/')
        const found = ['__root']
        for (let i = 1; i < parts.length; i++) {
          const dir = parts.slice(0, i).join('/')
          found.push(`${dir}/route`, dir)
        }
        return found
      }
      const pages = [...splits.keys()].filter((file) => file !== '__root' && !file.endsWith('/route'))
      const modulesOf = (file: string) =>
        reachable(
          [file, ...layoutsAbove(file)].flatMap((f) => splits.get(f) ?? []),
          (id) => this.getModuleInfo(id)?.importedIds ?? [],
        )
      const all = pages.map((file) => ({ file, modules: modulesOf(file) }))
      const signedInPages = all.filter((page) => page.file.startsWith('_authenticated/'))
      const publicPages = all.filter((page) => !signedInPages.includes(page))
      const publicModules = new Set(publicPages.flatMap((page) => [...page.modules]))
      const share = (id: string, among: typeof all) => among.filter((page) => page.modules.has(id)).length / among.length
      const small = (id: string) => (this.getModuleInfo(id)?.code?.length ?? Infinity) <= SMALL_MODULE
      everyPage.clear()
      everySignedInPage.clear()
      for (const id of new Set(all.flatMap((page) => [...page.modules]))) {
        if (routeChunk.test(id)) {
          // The signed-in layouts' own chunks (the frame, the client and provider areas' outlets).
          if (/[\\/]src[\\/]routes[\\/]_authenticated[\\/](.+[\\/])?route\.tsx\?tsr-split=component/.test(id)) everySignedInPage.add(id)
          continue
        }
        const everywhere = share(id, all)
        const mostPages = share(id, publicPages) >= 2 / 3 && share(id, signedInPages) >= 2 / 3
        if (everywhere === 1 || (mostPages && small(id))) everyPage.add(id)
        else if (!publicModules.has(id) && (share(id, signedInPages) === 1 || (share(id, signedInPages) >= 0.5 && small(id)))) everySignedInPage.add(id)
      }
    },
  }
  return { plugin, everyPage: (id: string) => everyPage.has(id), everySignedInPage: (id: string) => everySignedInPage.has(id) }
}
const shared = sharedPageModules()

/** Where `npm run dev` runs the API server (scripts/dev.mjs passes the same port). */
const apiPort = Number(process.env.API_PORT ?? 8787)

const themeColor = '#1d4ed8'

export default defineConfig({
  resolve: { alias },
  plugins: [
    staticCss(),
    ...appPlugins(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (src/lib/service-worker.ts), after the first paint.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // Manifest icons are added by the plugin; listing png here would duplicate them.
        globPatterns: ['**/*.{js,css,html}', ROUTE_PRELOADS_FILE],
      },
      manifest: {
        id: '/',
        name: 'Registered Agent Client Portal',
        short_name: 'Agent Portal',
        description: 'Registered-agent and mail-forwarding portal for Florida businesses: invoices, scanned documents, requests and support in one place.',
        lang: 'en-US',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: themeColor,
        background_color: '#ffffff',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Client dashboard on a phone',
          },
          {
            src: '/screenshots/wide.png',
            sizes: '1280x720',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Client dashboard on a desktop',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    nonBlockingStyles(),
    routePreloadsFile(),
    precompress(),
    start.plugin,
    signedIn.plugin,
    shared.plugin,
  ],
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  optimizeDeps: {
    exclude: ['@modular-forms/react'],
    include: ['@preact/signals-react', '@preact/signals-react/runtime'],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph dist/route-preloads.json is worked out from (routePreloadsFile).
    manifest: true,
    // No <link rel="modulepreload"> added at run time for a lazy chunk's imports: each link added to the
    // head makes the browser restyle and lay out the whole page again (about 10 ms on a desktop, 40 on a
    // phone, for every menu, chore and page loaded after the first). The page's own chunks are still
    // preloaded from the HTML (server/http/route-preload.ts), and the service worker keeps every chunk
    // once installed, so a later chunk's imports are fetched as the browser finds them.
    modulePreload: false,
    // Route chunks are split by the router plugin (autoCodeSplitting); the entry keeps only the shell.
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      // Panda's generated styled-system has no package.json to say it is free of side effects; it is,
      // so recipes a page does not use stay out of its chunk.
      treeshake: {
        moduleSideEffects: (id: string) => (/[\\/]styled-system[\\/]/.test(id) ? false : undefined),
        // Panda's style functions and the kit's style-context wrappers only compute values: a module whose
        // exports go unused is dropped even though it calls them at its top level.
        manualPureFunctions: ['css', 'cx', 'cva', 'sva', 'createStyleContext', 'withProvider', 'withRootProvider', 'withContext'],
      },
      output: {
        codeSplitting: {
          // The signals runtime (forms) in a chunk of its own, so pages without forms do not load it
          // merely because it shares a common chunk with a UI primitive.
          groups: [
            { name: 'signals', test: /[\\/]node_modules[\\/]@preact[\\/]signals/, includeDependenciesRecursively: false },
            // The app's start and everything it loads statically in one chunk: it is fetched on every page anyway, and
            // one file compresses far better than two dozen small ones (about 8 KB of gzip on each route).
            // React DOM apart from the rest of the first script: the browser compiles each file in a task
            // of its own, and one 400 KB file made one long task before anything could respond.
            // With it, the module through which the app imports it (the entry runs this chunk first).
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'shell', test: start.test, priority: 2, includeDependenciesRecursively: false },
            // Their dependencies stay where they are: the public pages share them.
            // What the entry imports stays in the entry's file, even where every page or every signed-in page
            // uses it too.
            { name: 'shell', test: (id: string) => !start.inEntry(id) && shared.everyPage(id), priority: 2, includeDependenciesRecursively: false },
            {
              name: 'signed-in',
              test: (id: string) => !start.inEntry(id) && (signedIn.test(id) || shared.everySignedInPage(id)),
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
})
