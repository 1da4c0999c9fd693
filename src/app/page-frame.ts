/**
 * The page's frame in the HTML the server sent. For the public pages (sign-in, password reset), where
 * a first visit lands, the server puts the page's first render (made at build time by
 * src/prerender.tsx) in #root, marked `data-frame`, with the styles it uses inline: the browser paints
 * the page before any script has arrived. The frame is inert (nothing in it can be focused or typed
 * into, since the app's render replaces it and would lose what was typed), and the app's first render,
 * the same page, replaces it in one commit.
 */
export const startedFromFrame = typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute('data-frame') === true
