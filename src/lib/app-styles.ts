/**
 * The app's style sheet, applied before the first render. The built shell only preloads it (so the
 * browser paints the shell's inline-styled frame without waiting for it, see vite.config.ts); the app
 * turns that preload into the style sheet and renders once it is in, so no page is painted unstyled
 * and nothing moves when the styles arrive. By the time the app's script has run, the preload has
 * long finished: applying it takes a moment. Without a preload (the dev server, where styles come
 * with the scripts) there is nothing to wait for.
 */
export function applyAppStyles(doc: Document = document): Promise<void> {
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
          sheet.setAttribute('href', preload.getAttribute('href') ?? '')
          // A sheet that fails to load must not keep the app from starting (it renders unstyled then).
          sheet.addEventListener('load', () => resolve(), { once: true })
          sheet.addEventListener('error', () => resolve(), { once: true })
          preload.after(sheet)
        }),
    ),
  ).then(() => undefined)
}
