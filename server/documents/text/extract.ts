import { copyFile, mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Worker as OcrWorker } from 'tesseract.js'

/**
 * Reads the words of one stored document: the text layer of a PDF page that has one, OCR (English and
 * Spanish) of images and of PDF pages without text. Runs inside the text thread (./thread.ts), never on
 * the server's request thread.
 */

const require = createRequire(import.meta.url)

/** A page whose text layer has fewer letters than this is a scan: it is rendered and read by OCR. */
const MIN_TEXT_LAYER_LETTERS = 20
/** PDF pages are rendered at 200 dpi for OCR (enough for letters; a US Letter page is 1700 x 2200 pixels). */
const OCR_SCALE = 200 / 72
/** Pages read of one PDF: a longer one is read up to here (the rest is rarely what a letter is found by). */
export const MAX_PAGES = 50
/** The text kept of one document, in characters. */
export const MAX_TEXT_CHARS = 200_000

let ocrWorker: Promise<OcrWorker> | undefined

const LANGUAGES = ['eng', 'spa'] as const

/**
 * The language data as installed from the npm registry (the LSTM models), linked into one folder as
 * tesseract.js reads them (one folder for every language): nothing is downloaded.
 */
async function languageFolder(): Promise<string> {
  const folder = path.join(tmpdir(), `portal-ocr-languages-${process.pid}`)
  await mkdir(folder, { recursive: true })
  for (const code of LANGUAGES) {
    const source = path.join(path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), '4.0.0_best_int', `${code}.traineddata.gz`)
    await copyFile(source, path.join(folder, `${code}.traineddata.gz`))
  }
  return folder
}

function ocr(): Promise<OcrWorker> {
  ocrWorker ??= (async () => {
    const { createWorker, OEM } = await import('tesseract.js')
    const langPath = await languageFolder()
    try {
      return await createWorker(LANGUAGES.join('+'), OEM.LSTM_ONLY, { langPath, cacheMethod: 'none', gzip: true })
    } finally {
      await rm(langPath, { recursive: true, force: true })
    }
  })()
  return ocrWorker
}

export async function closeOcr() {
  const worker = ocrWorker
  ocrWorker = undefined
  if (worker) await (await worker).terminate()
}

async function recognize(image: Buffer | Uint8Array): Promise<string> {
  const worker = await ocr()
  const { data } = await worker.recognize(Buffer.from(image))
  return data.text
}

const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length

async function pdfText(bytes: Uint8Array, pageDone: (page: number) => void): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise
  try {
    const pages: string[] = []
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      let text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('')
        .trim()
      if (letters(text) < MIN_TEXT_LAYER_LETTERS) {
        const { createCanvas } = await import('@napi-rs/canvas')
        const viewport = page.getViewport({ scale: OCR_SCALE })
        const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
        const context = canvas.getContext('2d')
        context.fillStyle = '#ffffff'
        context.fillRect(0, 0, canvas.width, canvas.height)
        await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise
        const scanned = await recognize(await canvas.encode('png'))
        if (letters(scanned) > letters(text)) text = scanned.trim()
      }
      page.cleanup()
      pages.push(text)
      pageDone(number)
      if (pages.join('\n\n').length > MAX_TEXT_CHARS) break
    }
    return pages.join('\n\n')
  } finally {
    await document.destroy()
  }
}

/** The text of a document's file, by its sniffed content type; `pageDone` hears of each PDF page read. */
export async function extractText(bytes: Uint8Array, contentType: string, pageDone: (page: number) => void = () => {}): Promise<string> {
  const text = contentType === 'application/pdf' ? await pdfText(bytes, pageDone) : await recognize(bytes)
  return tidy(text).slice(0, MAX_TEXT_CHARS)
}

/** Runs of spaces and blank lines made one; control characters (which PostgreSQL text refuses: NUL) dropped. */
export function tidy(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n\s*\n\s*/g, '\n\n')
    .trim()
}
