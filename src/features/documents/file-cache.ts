import { appConfig } from '~/lib/config'

/**
 * Document files a user has opened, kept in Cache Storage so they open again offline (docs/offline.md).
 * The page writes and reads the cache itself rather than through a service worker route: the API
 * client refuses to send anything while the device is offline, so a worker route would never be asked.
 *
 * Each user has a cache of their own (`documents-user-7`), so on a shared device one user's files
 * never answer another user's request, and the whole of it goes at log out, at the end of a session
 * without "Keep me signed in" and at another user's sign-in (lib/device-data.ts deletes every cache
 * but the shell's). The server sends files `no-store`, so this is the only copy on the device.
 * Limits: `appConfig.offlineFileCacheBytes` in total (oldest files first) and 60 days per file.
 */

/** The cache of one user's document files. */
export function documentFileCacheName(userId: number): string {
  return `documents-user-${userId}`
}

/** The cached response's headers worth keeping: type, length and the server's file name. */
const KEPT_HEADERS = ['content-type', 'content-length', 'content-disposition', 'etag']
const CACHED_AT = 'x-cached-at'
const SIZE = 'x-size'

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches
}

export function documentFileCacheKey(documentId: number): string {
  return `/api/document/${documentId}`
}

/** Drops files past the age limit, then the oldest until the rest fits in the byte limit. */
export async function trimDocumentFileCache(
  cache: Cache,
  now = Date.now(),
  maxBytes = appConfig.offlineFileCacheBytes,
  maxAgeMs = appConfig.offlineFileMaxAgeMs,
): Promise<void> {
  const kept: { key: Request; size: number }[] = []
  // Cache keys keep insertion order (a re-saved file moves to the end): the first ones are the oldest.
  for (const key of await cache.keys()) {
    const response = await cache.match(key)
    const cachedAt = Date.parse(response?.headers.get(CACHED_AT) ?? '')
    if (!response || !Number.isFinite(cachedAt) || now - cachedAt > maxAgeMs) {
      await cache.delete(key)
      continue
    }
    kept.push({ key, size: Number(response.headers.get(SIZE)) || 0 })
  }
  let total = kept.reduce((sum, entry) => sum + entry.size, 0)
  for (const entry of kept) {
    if (total <= maxBytes) break
    await cache.delete(entry.key)
    total -= entry.size
  }
}

/** Saves a file just fetched. Best effort: a full or blocked storage only loses the offline copy. */
export async function cacheDocumentFile(documentId: number, userId: number, blob: Blob, headers: Headers): Promise<void> {
  const storage = cacheStorage()
  if (!storage || blob.size > appConfig.offlineFileCacheBytes) return
  try {
    const cache = await storage.open(documentFileCacheName(userId))
    const kept = new Headers()
    for (const name of KEPT_HEADERS) {
      const value = headers.get(name)
      if (value) kept.set(name, value)
    }
    kept.set(CACHED_AT, new Date().toISOString())
    kept.set(SIZE, String(blob.size))
    const key = documentFileCacheKey(documentId)
    await cache.delete(key)
    await cache.put(key, new Response(blob, { status: 200, headers: kept }))
    await trimDocumentFileCache(cache)
  } catch {
    // Quota exceeded or storage blocked: the file still shows, it just will not be kept.
  }
}

/** The saved copy of a file, when this user opened it before on this device (and it is not too old). */
export async function cachedDocumentFile(documentId: number, userId: number): Promise<Response | null> {
  const storage = cacheStorage()
  if (!storage) return null
  try {
    const cache = await storage.open(documentFileCacheName(userId))
    const saved = await cache.match(documentFileCacheKey(documentId))
    if (!saved) return null
    const cachedAt = Date.parse(saved.headers.get(CACHED_AT) ?? '')
    if (!Number.isFinite(cachedAt) || Date.now() - cachedAt > appConfig.offlineFileMaxAgeMs) {
      await cache.delete(documentFileCacheKey(documentId))
      return null
    }
    return saved
  } catch {
    return null
  }
}

/** Drops a file's saved copy (the document was deleted or shredded). */
export async function forgetDocumentFile(documentId: number, userId: number): Promise<void> {
  const storage = cacheStorage()
  if (!storage) return
  try {
    const cache = await storage.open(documentFileCacheName(userId))
    await cache.delete(documentFileCacheKey(documentId))
  } catch {
    // nothing saved, or storage blocked
  }
}
