import { DocumentTextSchema, type Document, type DocumentPage } from '@contract/documents'
import { fold, searchWords, snippetOf } from '@contract/text-snippet'
import type { QueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'
import { whenIdle } from '~/lib/idle'
import { isBrowserOffline } from '~/lib/online-status'
import { documentFileCacheName } from './file-cache'
import { documentKeys, type DocumentScope } from './keys'
import type { DocumentListParams } from './list-params'

/**
 * The words of the documents a user opened or saw listed, kept beside their files (the user's own
 * cache, which goes at log out like the files: lib/device-data.ts), so the documents search box finds
 * them offline among the documents of the lists saved on this device.
 */

/** Texts fetched after one list page is shown, at most (a page holds up to 100 rows). */
const LISTED_TEXTS_PER_PAGE = 100
/** No more texts are fetched for listed documents once this many are kept (a few KB each). */
const MAX_KEPT_TEXTS = 2_000

const textKey = (documentId: number) => `/api/document/${documentId}/text`

/** After a document was opened: its words are fetched and kept. Best effort: nothing is lost without them. */
export async function saveDocumentText(documentId: number, userId: number, signal?: AbortSignal): Promise<void> {
  if (typeof caches === 'undefined') return
  try {
    const { text } = await api.get(`/document/${documentId}/text`, { schema: DocumentTextSchema, signal })
    if (text === null) return
    const cache = await caches.open(documentFileCacheName(userId))
    const body = JSON.stringify({ documentId, text })
    await cache.put(
      textKey(documentId),
      new Response(body, { headers: { 'content-type': 'application/json', 'x-cached-at': new Date().toISOString(), 'x-size': String(body.length) } }),
    )
  } catch {
    // Offline, refused or storage blocked: the document just is not found by its words offline.
  }
}

/**
 * After a list page was shown online: the words of its documents not kept yet are fetched one at a
 * time, each at an idle moment, so that offline the search finds them by their words too, opened or
 * not. Bounded per page and in all; stops when the page goes (`signal`) or a fetch fails (offline).
 * Shredded documents have no words to fetch; one not read yet is asked again the next time it is listed.
 */
export async function saveListedTexts(documents: readonly Document[], userId: number, signal: AbortSignal): Promise<void> {
  if (typeof caches === 'undefined') return
  try {
    const cache = await caches.open(documentFileCacheName(userId))
    const kept = new Set((await cache.keys()).map((key) => new URL(key.url).pathname).filter((path) => path.endsWith('/text')))
    if (kept.size >= MAX_KEPT_TEXTS) return
    const wanted = documents
      .filter((document) => document.status === 'active' && !kept.has(textKey(document.id)))
      .slice(0, Math.min(LISTED_TEXTS_PER_PAGE, MAX_KEPT_TEXTS - kept.size))
    for (const document of wanted) {
      await new Promise<void>((resolve) => {
        const cancel = whenIdle(resolve, 2_000)
        signal.addEventListener('abort', () => (cancel(), resolve()), { once: true })
      })
      if (signal.aborted || isBrowserOffline()) return
      await saveDocumentText(document.id, userId, signal)
    }
  } catch {
    // Storage blocked: the listed documents are found offline by their columns only.
  }
}

async function savedTexts(userId: number): Promise<Map<number, string>> {
  const texts = new Map<number, string>()
  if (typeof caches === 'undefined') return texts
  try {
    const cache = await caches.open(documentFileCacheName(userId))
    for (const key of await cache.keys()) {
      if (!new URL(key.url).pathname.endsWith('/text')) continue
      const saved = await cache.match(key)
      const parsed = saved ? ((await saved.json()) as { documentId: number; text: string | null }) : undefined
      if (parsed?.text) texts.set(parsed.documentId, parsed.text)
    }
  } catch {
    // storage blocked
  }
  return texts
}

/** Every searched word found in the text (or its stem, as the server's search does). */
function matchesAll(text: string, words: string[]): boolean {
  const folded = fold(text)
  return words.every((word) => {
    const target = fold(word)
    const stem = target.length > 4 ? target.slice(0, Math.max(4, target.length - 3)) : target
    return folded.includes(stem)
  })
}

/**
 * Offline: the page a search would answer, from this device. The documents of every saved list page
 * of the same scope, matched by their words (kept when opened or listed) or by type and file names; newest
 * first, with the snippet. Null when nothing is saved to search.
 */
export async function searchSavedDocuments(
  client: QueryClient,
  scope: DocumentScope,
  params: DocumentListParams,
  userId: number,
): Promise<DocumentPage | null> {
  const words = searchWords(params.q ?? '')
  if (!words.length) return null
  const seen = new Map<number, Document>()
  for (const [key, page] of client.getQueriesData<DocumentPage>({ queryKey: documentKeys.lists() })) {
    if (!page || JSON.stringify(key[2]) !== JSON.stringify(scope)) continue
    for (const document of page.data) seen.set(document.id, document)
  }
  if (!seen.size) return null
  const texts = await savedTexts(userId)
  const found: Document[] = []
  for (const document of seen.values()) {
    const text = texts.get(document.id)
    const { snippet: _, ...row } = document
    if (text && matchesAll(text, words)) found.push({ ...row, snippet: snippetOf(text, words) })
    else if (matchesAll(`${document.documentTypeNavigation.name} ${document.originalFileName} ${document.client?.companyName ?? ''}`, words)) found.push(row)
  }
  found.sort((a, b) => b.dateReceived.localeCompare(a.dateReceived) || b.uploadedAt.localeCompare(a.uploadedAt))
  const pageSize = params.pageSize ?? 20
  const page = params.page ?? 1
  return { data: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize }
}
