// A stand-in for the text thread's reader, for thread.test.ts: 'pages:N:MS' reads N pages MS
// milliseconds apart, 'stuck' never finishes its first page.
import { parentPort } from 'node:worker_threads'

parentPort.on('message', ({ id, contentType }) => {
  if (contentType === 'stuck') return
  const [, pages, gapMs] = contentType.split(':').map(Number)
  let page = 0
  const next = () => {
    if (page === pages) return parentPort.postMessage({ id, text: `read ${pages} pages` })
    page += 1
    parentPort.postMessage({ id, pageDone: page })
    setTimeout(next, gapMs)
  }
  next()
})
