/**
 * `npm run bench`: the benchmarks, reported as numbers (never as timed pass/fail tests).
 * - invoice lists on 100 000 rows: p50/p95 latency of the paged, filtered, sorted list calls, and plans;
 * - document uploads: MB/s for 25 MB files, one and several at once, and the server's memory growth;
 * - resumable uploads: a 25 MB scan over a slow link cut every 5 s completes, and how many bytes it re-sent;
 * - sign-in burst: 50 people of one office signing in at once from one address: none refused, p95;
 * - `ocr`: the text reader's OCR of a 300 dpi letter and a 10-page image-only PDF, and other requests' p95 while it runs;
 * - `zip`: one ZIP of 100 documents of 2.5 MB and the server's RSS growth while it streams;
 * - `scale` (only when named): every list at a million rows on PostgreSQL beside a hello-world, with
 *   the search of words inside a million documents' texts.
 * Each is bounded in count and time and talks only to a server on the loopback address.
 */
import { benchInvoices } from './invoices-bench'
import { benchScale } from './scale-bench'
import { benchOcr, benchZip, printOcrBench, printZipBench } from './scan-bench'
import { benchSignIn, printSignInBench } from './sign-in-bench'
import { benchUploads, printUploadBench } from './upload-bench'
import { benchResumableUploads, EXTRA_BYTES_TARGET, printResumableBench } from './resumable-uploads-bench'

const args = process.argv.slice(2)
const only = args.filter((arg) => !arg.startsWith('--'))
// The scale mode takes minutes to build its data set: it runs only when asked for by name.
const wanted = (name: string) => (only.length === 0 && name !== 'scale') || only.includes(name)

if (wanted('invoices')) {
  console.log('== Invoice lists on large data')
  await benchInvoices()
}
if (wanted('uploads')) {
  console.log('\n== Document uploads')
  printUploadBench(await benchUploads())
}
if (wanted('uploads') || wanted('uploads-s3')) {
  console.log('\n== Document uploads to the S3 store')
  printUploadBench(await benchUploads({ store: 's3' }))
}
if (wanted('uploads') || wanted('uploads-resumable')) {
  console.log('\n== Resumable uploads over a link that drops')
  const result = await benchResumableUploads()
  printResumableBench(result)
  if (!result.completed || result.extraShare > EXTRA_BYTES_TARGET) process.exitCode = 1
}
if (wanted('sign-in')) {
  console.log('\n== Sign-in burst')
  const result = await benchSignIn()
  printSignInBench(result)
  if (result.refused) process.exitCode = 1
}
if (wanted('ocr')) {
  console.log('\n== OCR of scans')
  printOcrBench(await benchOcr())
}
if (wanted('zip')) {
  console.log('\n== Many documents in one ZIP')
  printZipBench(await benchZip())
}
if (wanted('scale')) {
  console.log('\n== Every list at a million rows, beside a hello-world')
  await benchScale({ writeDoc: args.includes('--write-doc'), printPlans: args.includes('--plans') })
}
