/**
 * `npm run bench`: the benchmarks, reported as numbers (never as timed pass/fail tests).
 * - invoice lists on 100 000 rows: p50/p95 latency of the paged, filtered, sorted list calls, and plans;
 * - document uploads: MB/s for 25 MB files, one and several at once, and the server's memory growth.
 * Each is bounded in count and time and talks only to a server on the loopback address.
 */
import { benchInvoices } from './invoices-bench'
import { benchUploads, printUploadBench } from './upload-bench'

const only = process.argv.slice(2)
const wanted = (name: string) => only.length === 0 || only.includes(name)

if (wanted('invoices')) {
  console.log('== Invoice lists on large data')
  await benchInvoices()
}
if (wanted('uploads')) {
  console.log('\n== Document uploads')
  printUploadBench(await benchUploads())
}
