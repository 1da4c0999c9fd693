/**
 * Document files a user has opened, kept in Cache Storage so they open again offline (ARCHITECTURE.md
 * "How data flows"). The page writes and reads the cache itself rather than through a service worker
 * route: the API client refuses to send anything while the device is offline, so a worker route would
 * never be asked. Log out deletes every cache except the shell's precache (lib/service-worker.ts and
 * sw/sw.ts), this one included.
 *
 * Entries are keyed by document and by user (`/api/document/12?user=7`), so on a shared device one
 * user's files never answer another user's request, even before a log out has run.
 */

/** The cache name sw/sw.ts reserves for document files. */
export const DOCUMENT_FILE_CACHE = 'documents-v1'

/** Files kept at most; the oldest are dropped first. */
export const DOCUMENT_FILE_CACHE_LIMIT = 60

/** The cached response's headers worth keeping: type, length and the server's file name. */
const KEPT_HEADERS = ['content-type', 'content-length', 'content-disposition', 'etag']

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches
}

export function documentFileCacheKey(documentId: number, userId: number): string {
  return `/api/document/${documentId}?user=${userId}`
}

/** Saves a file just fetched. Best effort: a full or blocked storage only loses the offline copy. */
export async function cacheDocumentFile(documentId: number, userId: number, blob: Blob, headers: Headers): Promise<void> {
  const storage = cacheStorage()
  if (!storage) return
  try {
    const cache = await storage.open(DOCUMENT_FILE_CACHE)
    const kept = new Headers()
    for (const name of KEPT_HEADERS) {
      const value = headers.get(name)
      if (value) kept.set(name, value)
    }
    kept.set('x-cached-at', new Date().toISOString())
    await cache.put(documentFileCacheKey(documentId, userId), new Response(blob, { status: 200, headers: kept }))
    const keys = await cache.keys()
    // Cache keys keep insertion order: the first ones are the oldest.
    await Promise.all(keys.slice(0, Math.max(0, keys.length - DOCUMENT_FILE_CACHE_LIMIT)).map((key) => cache.delete(key)))
  } catch {
    // Quota exceeded or storage blocked: the file still shows, it just will not be kept.
  }
}

/** The saved copy of a file, when this user opened it before on this device. */
export async function cachedDocumentFile(documentId: number, userId: number): Promise<Response | null> {
  const storage = cacheStorage()
  if (!storage) return null
  try {
    const cache = await storage.open(DOCUMENT_FILE_CACHE)
    return (await cache.match(documentFileCacheKey(documentId, userId))) ?? null
  } catch {
    return null
  }
}

/** Drops a file's saved copy (the document was deleted or shredded). */
export async function forgetDocumentFile(documentId: number, userId: number): Promise<void> {
  const storage = cacheStorage()
  if (!storage) return
  try {
    const cache = await storage.open(DOCUMENT_FILE_CACHE)
    await cache.delete(documentFileCacheKey(documentId, userId))
  } catch {
    // nothing saved, or storage blocked
  }
}
