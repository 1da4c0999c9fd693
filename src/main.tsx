import './index.css'
import { startedFromFrame } from './app/page-frame'

/**
 * The entry: loads the app's start (start.tsx). Over a page frame (app/page-frame.ts) the browser paints
 * the frame from the HTML alone, and the app's scripts are asked for just after that paint, so that they
 * do not hold it back; without a frame the app starts at once (its scripts were preloaded with the HTML).
 */

// After a deploy, a page holding the old build may fail to load a chunk: reload once. The mark is
// cleared once the app's start has loaded (not at the page's load event, which comes before the app's
// scripts over a page frame: a chunk that cannot load at all would reload the page for ever).
// Offline, a reload would only show the browser's error page: the route's own error view says more.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine || sessionStorage.getItem('chunk-reload') === '1') return
  sessionStorage.setItem('chunk-reload', '1')
  event.preventDefault()
  window.location.reload()
})

function start() {
  // Over a frame the server leaves the app's preload links in a template, for after the frame's paint.
  const preloads = document.getElementById('app-preloads')
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content)
  void import('./start').then(() => sessionStorage.removeItem('chunk-reload'))
}

/**
 * Over a frame, the app starts once the browser reports the page's first paint (the paint timing entry:
 * an animation frame's callback can run before the frame is actually shown), or after a second if no
 * report comes. A tab in the background paints nothing, and a browser without paint timing reports
 * nothing: they start at once.
 */
function startAfterFirstPaint() {
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return start()
  const once = () => {
    observer.disconnect()
    clearTimeout(fallback)
    start()
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) once()
  })
  const fallback = setTimeout(once, 1000)
  observer.observe({ type: 'paint', buffered: true })
}

if (startedFromFrame) startAfterFirstPaint()
else start()
