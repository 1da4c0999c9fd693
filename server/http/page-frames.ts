import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { LANGUAGE_COOKIE, languageOf } from '@contract/languages'
import { AREA_COOKIE } from '../auth/session'

/**
 * Page frames (dist/frames.json, written by the build's scripts/prerender.ts): for each page path that
 * has one, the HTML of the page's first render before any data. The server puts it in the shell it
 * sends for that path, so the browser paints the page's layout and static text from the HTML alone,
 * while the scripts are still on their way; the app's first render replaces it.
 *
 * A public page's frame goes to everyone; a signed-in page's frame (a client's or an agent's page,
 * with nothing of one user in it) only to a browser whose area cookie names that area
 * (server/auth/session.ts), so a visitor who is not signed in never sees a signed-in page's layout
 * before being sent to sign in.
 */
export type FrameArea = 'public' | 'client' | 'agent'

export interface PageFrame {
  /** The page path it is for, without a trailing slash. */
  path: string
  /** Who it is for. */
  area: FrameArea
  /** The page's first render. */
  html: string
  /** The rules of the app's style sheet that the frame uses, to inline. */
  css: string
}
/** The frame of a page path for a browser signed in to `area` (undefined: not signed in). */
export type PageFrames = (urlPath: string, area: string | undefined) => PageFrame | null

const NONE: PageFrames = () => null

export function loadPageFrames(distDir: string): PageFrames {
  const file = path.join(distDir, 'frames.json')
  if (!existsSync(file)) return NONE
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Omit<PageFrame, 'path'>>
  const frames = new Map(Object.entries(stored).map(([pagePath, frame]) => [pagePath, { path: pagePath, ...frame }]))
  return (urlPath, area) => {
    const frame = frames.get(urlPath.length > 1 ? urlPath.replace(/\/$/, '') : urlPath)
    return frame && (frame.area === 'public' || frame.area === area) ? frame : null
  }
}

/** The app's cookie for a collapsed sidebar (src/app/sidebar-state.ts): 'false' when collapsed. */
const SIDEBAR_COOKIE = 'sidebar_state'

/**
 * The area whose signed-in frames a browser may be sent, from its cookies: the area cookie's, unless
 * its sidebar is collapsed (frames are made with the sidebar open; the page would move as the app
 * collapses it).
 */
export function frameArea(cookie: (name: string) => string | undefined): string | undefined {
  return cookie(SIDEBAR_COOKIE) === 'false' ? undefined : cookie(AREA_COOKIE)
}

/**
 * Frames are made in English: a browser that shows the portal in another language (its saved choice,
 * else the first language it asks for that the portal speaks) gets none, rather than English first.
 */
export function framesFit(cookie: (name: string) => string | undefined, acceptLanguage: string | undefined): boolean {
  return languageOf(cookie(LANGUAGE_COOKIE) ?? acceptLanguage) === 'en'
}

const bootShell = /<!-- boot:[^>]*-->[\s\S]*?<!-- \/boot -->/

const modulePreloads = /<link rel="modulepreload"[^>]*>/g

/**
 * The shell with the page's frame in place of its boot screen, and the styles the frame uses inline
 * (the full style sheet still loads without blocking the paint; the app removes them once it applies
 * the full sheet, src/lib/app-styles.ts). The frame is inert and hidden from
 * assistive technology (which gets the app's page a moment later, not a copy of it first): the app's
 * first render replaces it, and would drop anything typed into it. #root is marked `data-frame` with the frame's
 * page path for the app.
 *
 * The frame's paint needs none of the app's scripts: their modulepreload links wait in a template
 * (`#app-preloads`) that the entry adds to the head once the frame is painted (src/main.tsx), so that
 * they do not compete with the HTML and its paint for a slow connection; the style sheet's preload goes
 * at low priority.
 */
export function withFrame(html: string, frame: PageFrame | null): string {
  if (!frame || !bootShell.test(html)) return html
  const preloads = html.match(modulePreloads)?.join('') ?? ''
  return html
    .replace(modulePreloads, '')
    .replace(/<link rel="preload" /g, '<link rel="preload" fetchpriority="low" ')
    .replace('</head>', () => `<style data-frame-styles>${frame.css}</style><template id="app-preloads">${preloads}</template></head>`)
    .replace('<div id="root">', () => `<div id="root" data-frame="${frame.path.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}">`)
    .replace(bootShell, () => `<div inert aria-hidden="true">${frame.html}</div>`)
}
