import { mailboxOfCoverSheetCode } from '@contract/clients'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

/**
 * Reads a client's cover sheet from a photo: the mailbox number its QR code holds, or null when the photo
 * holds no cover sheet code. The reader (ZXing compiled to WebAssembly) is served by the portal itself,
 * not a CDN, and loaded only the first time the upload form looks at a photo.
 */

let prepared = false

export async function readCoverSheet(photo: Blob): Promise<string | null> {
  if (!prepared) {
    prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? readerWasmUrl : prefix + path) } })
    prepared = true
  }
  const results = await readBarcodes(photo, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 })
  for (const result of results) {
    const mailbox = result.isValid ? mailboxOfCoverSheetCode(result.text) : null
    if (mailbox) return mailbox
  }
  return null
}
