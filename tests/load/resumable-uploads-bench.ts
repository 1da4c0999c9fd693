/**
 * A 25 MB scan sent as a resumable upload (tus, /api/uploads, with tus-js-client as the PWA sends it)
 * over a poor link: a small TCP proxy on loopback between the client and the real app that carries
 * RESUMABLE_BENCH_KBPS (default 1024) KB/s towards the server and cuts every connection through it every
 * RESUMABLE_BENCH_DROP_SECONDS (default 5) s. Reports whether the upload completed as one document, how
 * long it took, how many cuts it went through, and how many bytes crossed the link towards the server
 * beyond the file itself (request headers and bytes sent again after a cut): the target is at most 10 %.
 *
 *   npx tsx tests/load/resumable-uploads-bench.ts     (or: npm run bench -- uploads-resumable)
 *
 * Bounded: gives up after RESUMABLE_BENCH_SECONDS (default 180) s. Only loopback addresses are used.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Upload } from 'tus-js-client'
import { startServer, type ServerReady } from './upload-bench'

const MB = 1024 * 1024
const FILE_BYTES = 25 * MB
const RATE = Math.max(64, Number(process.env.RESUMABLE_BENCH_KBPS ?? 1024)) * 1024
const DROP_MS = Math.max(1, Number(process.env.RESUMABLE_BENCH_DROP_SECONDS ?? 5)) * 1000
const TIME_LIMIT_MS = Math.min(600, Math.max(10, Number(process.env.RESUMABLE_BENCH_SECONDS ?? 180))) * 1000
/** The share of extra bytes the upload may send. */
export const EXTRA_BYTES_TARGET = 0.1

export interface ResumableBenchResult {
  fileMB: number
  kbPerSecond: number
  dropEverySeconds: number
  completed: boolean
  documentId: number | null
  seconds: number
  cuts: number
  /** Bytes that crossed the link towards the server (headers and bodies). */
  bytesUp: number
  extraShare: number
  requests: { PATCH: number; HEAD: number; POST: number }
}

/**
 * The poor link: forwards each connection to `target`, at most `rate` bytes a second towards it (one
 * budget for all connections, as one Wi-Fi link), and cuts every live connection every `dropMs`.
 */
function flakyLink(target: number, rate: number, dropMs: number) {
  const pairs = new Set<[Socket, Socket]>()
  const stats = { bytesUp: 0, cuts: 0, requests: { PATCH: 0, HEAD: 0, POST: 0 } }
  const started = performance.now()
  let budgetUsed = 0
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1')
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    const close = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', close).on('close', close)
    upstream.on('error', close).on('close', close)
    upstream.pipe(client)
    client.on('data', (chunk: Buffer) => {
      stats.bytesUp += chunk.length
      budgetUsed += chunk.length
      // The start of a request line names its method (requests on one connection come one at a time).
      const method = /^(PATCH|HEAD|POST) \/api\/uploads/.exec(chunk.subarray(0, 24).toString('latin1'))?.[1] as keyof typeof stats.requests | undefined
      if (method) stats.requests[method]++
      if (!upstream.write(chunk)) {
        client.pause()
        upstream.once('drain', () => client.resume())
      }
      // Over the link's budget: wait until the link would have carried it.
      const ahead = budgetUsed / rate - (performance.now() - started) / 1000
      if (ahead > 0) {
        client.pause()
        setTimeout(() => client.resume(), ahead * 1000)
      }
    })
  })
  const dropper = setInterval(() => {
    if (pairs.size) stats.cuts++
    for (const [client, upstream] of [...pairs]) {
      client.destroy()
      upstream.destroy()
    }
    pairs.clear()
  }, dropMs)
  return {
    stats,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))),
    close: () => {
      clearInterval(dropper)
      for (const [client, upstream] of pairs) {
        client.destroy()
        upstream.destroy()
      }
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A PDF-headed file of `size` bytes. */
function scan(size: number): Buffer {
  const file = Buffer.alloc(size)
  for (let i = 0; i < size; i += 4096) file.writeUInt32LE((i * 2654435761) >>> 0, i)
  Buffer.from('%PDF-1.7\n').copy(file)
  return file
}

function send(ready: ServerReady, port: number, file: Buffer): Promise<{ documentId: number | null }> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `http://127.0.0.1:${port}/api/uploads`,
      metadata: {
        filename: 'bench-scan.pdf',
        filetype: 'application/pdf',
        clientId: String(ready.clientId),
        documentTypeId: String(ready.documentTypeId),
        jurisdiction: '2',
        dateReceived: new Date().toISOString().slice(0, 10),
      },
      headers: { authorization: `Bearer ${ready.token}` },
      storeFingerprintForResuming: false,
      // As the PWA: retried at once, then after a growing wait; progress resets the count.
      retryDelays: [0, 250, 500, 1000, 2000, 4000],
      onSuccess: ({ lastResponse }) => resolve({ documentId: Number(lastResponse.getHeader('Document-Id')) || null }),
      onError: reject,
    })
    upload.start()
  })
}

export async function benchResumableUploads(): Promise<ResumableBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'resumable-bench-'))
  const { child, next } = startServer(dataDir)
  let link: ReturnType<typeof flakyLink> | undefined
  try {
    const ready: ServerReady = await next('ready')
    link = flakyLink(ready.port, RATE, DROP_MS)
    const port = await link.listen()
    const started = performance.now()
    let timer: ReturnType<typeof setTimeout> | undefined
    const outcome = await Promise.race([
      send(ready, port, scan(FILE_BYTES)),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), TIME_LIMIT_MS))),
    ])
    clearTimeout(timer)
    const seconds = (performance.now() - started) / 1000
    return {
      fileMB: FILE_BYTES / MB,
      kbPerSecond: RATE / 1024,
      dropEverySeconds: DROP_MS / 1000,
      completed: outcome !== null && outcome.documentId !== null,
      documentId: outcome?.documentId ?? null,
      seconds,
      cuts: link.stats.cuts,
      bytesUp: link.stats.bytesUp,
      extraShare: link.stats.bytesUp / FILE_BYTES - 1,
      requests: link.stats.requests,
    }
  } finally {
    await link?.close()
    if (child.exitCode === null) {
      child.stdin!.write('stop\n')
      await new Promise((done) => {
        const timer = setTimeout(() => (child.kill('SIGKILL'), done(null)), 5000)
        child.once('exit', () => (clearTimeout(timer), done(null)))
      })
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printResumableBench(r: ResumableBenchResult) {
  console.log(`\nResumable upload: one ${r.fileMB} MB PDF over a ${r.kbPerSecond} KB/s link cut every ${r.dropEverySeconds} s (tus-js-client, files on disk)`)
  console.log(`  completed             ${r.completed ? `yes, as document #${r.documentId}` : 'NO'} in ${r.seconds.toFixed(1)} s, through ${r.cuts} cuts`)
  console.log(`  requests              ${r.requests.POST} POST, ${r.requests.HEAD} HEAD, ${r.requests.PATCH} PATCH`)
  console.log(
    `  bytes up the link     ${(r.bytesUp / MB).toFixed(2)} MB: ${(r.extraShare * 100).toFixed(2)} % more than the file (target at most ${EXTRA_BYTES_TARGET * 100} %)`,
  )
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href
if (isMain) {
  benchResumableUploads()
    .then((result) => {
      printResumableBench(result)
      if (!result.completed || result.extraShare > EXTRA_BYTES_TARGET) process.exitCode = 1
    })
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
