/**
 * The page's frame in the HTML the server sent: the page's first render before any data, made at build
 * time (src/prerender.tsx). The server puts it in #root, marked `data-frame` (the page path it is
 * for), with the styles it uses inline, so the browser paints the page before any script has arrived:
 * the public pages (sign-in, password reset) for everyone, and the signed-in pages of the client and
 * provider areas for a browser whose session is of that area. The frame is inert (nothing in it can be
 * focused or typed into, since the app's render replaces it and would lose what was typed). The app's
 * first render replaces it; a signed-in page's frame keeps its page part on screen until the app's page
 * takes its place (`framePageNodes`).
 */
const frameRoot = typeof document !== 'undefined' ? document.getElementById('root') : null
export const startedFromFrame = frameRoot?.hasAttribute('data-frame') === true
/** The page path of the frame the app started over. */
export const framePath = frameRoot?.getAttribute('data-frame') ?? null

/**
 * This render is the build's, making a frame (the prerender bundle is built for Node): what belongs
 * to one user (their name, the menu their permissions allow) is left out, since every user of the
 * area is sent the same frame.
 */
export const renderingFrame = import.meta.env.SSR

/**
 * The page part of a signed-in page's frame (what its `main` holds), kept when the app's first render
 * replaces the frame: the app renders its layout first and its page just after (AfterFrame in
 * app-layout), and meanwhile the frame's page stays on screen in the new layout, when the app's page is
 * the frame's (`framePath`; not after a redirect).
 */
export const framePageNodes: readonly Node[] = startedFromFrame ? [...(document.querySelector('#root > [inert] main')?.childNodes ?? [])] : []
