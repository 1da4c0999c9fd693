// The build's last step (npm run build): renders the page frames of src/prerender.tsx into
// dist/frames.json ({ "/login": { html, css, area }, ... }: the frame, the part of the style sheet it
// uses and who it is for), which the server puts in the shell it sends for those paths. The frames come from the app's own components, built for Node with the app's Vite
// plugins; the components run in a happy-dom window, as in the component tests, since some read the
// browser's state (cookies, media queries) as they render.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Window } from 'happy-dom'
import { build } from 'vite'
import type { PageFrame } from '../server/http/page-frames.ts'
import { alias, appPlugins } from '../vite.plugins.ts'
import { criticalCss } from './critical-css.ts'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'node_modules', '.cache', 'page-frames')

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  resolve: { alias },
  plugins: appPlugins(),
  build: {
    ssr: 'src/prerender.tsx',
    outDir,
    emptyOutDir: true,
    // The service worker's registration module exists only in the browser build (vite-plugin-pwa).
    rolldownOptions: { external: [/^virtual:/], output: { codeSplitting: false } },
  },
  ssr: { noExternal: true },
})

// A desktop-sized window: the frames carry the sidebar, which the style sheet hides on narrow screens.
const window = new Window({ url: 'http://localhost/', width: 1280, height: 800 })
const globals = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'matchMedia',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
]
for (const key of globals) {
  Object.defineProperty(globalThis, key, { value: window[key as keyof Window], configurable: true, writable: true })
}

// Nothing reaches a network while frames render: a page that asks for data has no frame.
globalThis.fetch = () => Promise.reject(new TypeError('No network while rendering page frames'))

const { framePaths, renderFrame } = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as typeof import('../src/prerender')
const assets = path.join(root, 'dist', 'assets')
const sheets = readdirSync(assets).filter((name) => name.endsWith('.css'))
if (sheets.length !== 1) throw new Error(`prerender: expected one style sheet in dist/assets, found ${sheets.length}`)
const sheet = readFileSync(path.join(assets, sheets[0]), 'utf8')

// What the server reads back (server/http/page-frames.ts), keyed by the frame's path.
const frames: Record<string, Omit<PageFrame, 'path'>> = {}
const skipped: string[] = []
for (const pagePath of framePaths()) {
  const frame = await renderFrame(pagePath)
  if (frame) frames[pagePath] = { ...frame, css: criticalCss(sheet, frame.html) }
  else skipped.push(pagePath)
}
await window.happyDOM.close()
rmSync(outDir, { recursive: true, force: true })

writeFileSync(path.join(root, 'dist', 'frames.json'), JSON.stringify(frames))
console.log(`page frames: ${Object.keys(frames).length} written to dist/frames.json; none for ${skipped.join(', ') || 'no path'}`)
// The app's modules leave timers behind (token renewal, the saved cache's fallback): nothing else is to come.
process.exit(0)
