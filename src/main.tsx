import './index.css'
import { startedFromFrame } from './app/page-frame'

/**
 * The entry: a few lines before the app's own script (start.tsx). Over a page frame (app/page-frame.ts)
 * the app's scripts are fetched and run once the browser has painted the frame, so that neither holds
 * back the page's first paint; without a frame the app starts at once (its scripts were preloaded with
 * the HTML).
 */

// After a deploy, a page holding the old build may fail to load a chunk: reload once.
// Offline, a reload would only show the browser's error page: the route's own error view says more.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine || sessionStorage.getItem('chunk-reload') === '1') return
  sessionStorage.setItem('chunk-reload', '1')
  event.preventDefault()
  window.location.reload()
})
window.addEventListener('load', () => sessionStorage.removeItem('chunk-reload'))

const start = () => {
  // Over a frame, the server leaves the app's preload links for after the frame's paint.
  const preloads = document.getElementById('app-preloads')
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content)
  void import('./start')
}

if (!startedFromFrame) start()
else {
  // Just after the next paint; a tab in the background paints nothing, hence the time limit.
  let started = false
  const once = () => {
    if (started) return
    started = true
    start()
  }
  requestAnimationFrame(() => setTimeout(once, 0))
  setTimeout(once, 100)
}
