/**
 * The app's style sheet, applied before the first render. The built shell only preloads it (so the
 * browser paints the shell's inline-styled frame without waiting for it, see vite.config.ts); the app
 * turns that preload into the style sheet and renders once it is in, so no page is painted unstyled
 * and nothing moves when the styles arrive. By the time the app's script has run, the preload has
 * long finished: applying it takes a moment. Without a preload (the dev server, where styles come
 * with the scripts) there is nothing to wait for.
 *
 * `held`: the sheet loads but does not apply yet (media `print`) until `releaseAppStyles()`. Over a
 * page frame (which carries its own rules inline) the app releases it in its first commit, so the
 * browser restyles the page once, as the app's render replaces the frame, rather than restyling the
 * frame first and the app's page again just after.
 */
export function applyAppStyles(doc: Document = document, { held = false } = {}): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-styles]')]
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link')
          sheet.rel = 'stylesheet'
          // The same request mode as the preload, so the sheet is taken from it rather than fetched again.
          const cors = preload.getAttribute('crossorigin')
          if (cors !== null) sheet.setAttribute('crossorigin', cors)
          if (held) {
            sheet.media = 'print'
            sheet.setAttribute('data-held', '')
          }
          sheet.setAttribute('href', preload.getAttribute('href') ?? '')
          // A sheet that fails to load must not keep the app from starting (it renders unstyled then).
          sheet.addEventListener('load', () => resolve(), { once: true })
          sheet.addEventListener('error', () => resolve(), { once: true })
          preload.after(sheet)
        }),
    ),
  ).then(() => undefined)
}

/**
 * Applies a sheet loaded `held`, and removes the page frame's inline rules (server/http/page-frames.ts),
 * which the full sheet holds too. Left in the document they would keep winning over the sheet long after
 * the frame is gone: they come later, so where two rules of a layer tie (a heading's `margin: 0` and its
 * `margin-bottom`), the frame's copy won over the sheet's order, on every page the app went to next.
 */
export function releaseAppStyles(doc: Document = document): void {
  for (const sheet of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-held]')) {
    sheet.media = 'all'
    sheet.removeAttribute('data-held')
  }
  for (const frameStyles of doc.querySelectorAll('style[data-frame-styles]')) frameStyles.remove()
}
