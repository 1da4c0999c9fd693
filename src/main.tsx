import './index.css'
import { startEarlyCall } from './app/early-call'
import { startedFromFrame } from './app/page-frame'

/**
 * The entry: a few lines before the app's own script (start.tsx). Over a page frame (app/page-frame.ts)
 * the app's scripts are fetched and run once the browser has painted the frame, so that neither holds
 * back the page's first paint; without a frame the app starts at once (its scripts were preloaded with
 * the HTML).
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

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Over a frame, the server leaves the app's preload links for after the frame's paint. Adding a link
 * starts its request there and then, which is not cheap (about 1 ms each on a desktop, four times that
 * on a phone, and a page has 10-20): they go in a few at a time, a task each.
 */
async function addPreloads() {
  const template = document.getElementById('app-preloads')
  if (!(template instanceof HTMLTemplateElement)) return
  const links = [...template.content.children]
  for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await nextTask()
    document.head.append(...links.slice(i, i + PRELOADS_PER_TASK))
  }
}
const PRELOADS_PER_TASK = 4

const start = () => {
  void addPreloads()
  // React DOM is run in a task of its own, then the app's start in the next: together they were the
  // longest task of a page's start (about 35 ms on a desktop, four times that on a mid-range phone),
  // and a task that long holds back the page's response to a tap.
  void import('./app/react-dom-client')
    .then(nextTask)
    .then(() => import('./start'))
    .then(() => sessionStorage.removeItem('chunk-reload'))
}

if (!startedFromFrame) start()
else {
  // A page whose frame waits on data asks for it now, well before the app could (app/early-call.ts).
  startAfterFirstPaint(startEarlyCall())
}

/**
 * How long the app's scripts wait after the frame's paint for the frame to show its page's early answer:
 * on a slow connection they would compete with it, and on a fast one the answer is in at once.
 */
const EARLY_ANSWER_WAIT_MS = 500

/**
 * Starts the app once the frame is on screen (and has shown its page's early answer, if it asked for
 * one: `earlyAnswerShown`, at most EARLY_ANSWER_WAIT_MS more): when the browser reports the page's first
 * paint (which it does once the frame is shown, not when it is merely drawn), or just after the next
 * frame where the browser reports no paints. A tab in the background paints nothing: it starts at once
 * there, and in any case within a second.
 */
function startAfterFirstPaint(earlyAnswerShown: Promise<void>) {
  let started = false
  const once = () => {
    if (started) return
    started = true
    observer?.disconnect()
    void Promise.race([earlyAnswerShown, new Promise((resolve) => setTimeout(resolve, EARLY_ANSWER_WAIT_MS))]).then(start)
  }
  const observer =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')
      ? new PerformanceObserver((entries) => {
          if (entries.getEntriesByName('first-contentful-paint').length > 0) once()
        })
      : undefined
  if (document.visibilityState === 'hidden') return once()
  setTimeout(once, 1000)
  if (observer) observer.observe({ type: 'paint', buffered: true })
  else requestAnimationFrame(() => setTimeout(once, 0))
}
