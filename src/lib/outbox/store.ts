/**
 * The outbox's storage: one IndexedDB database holding every change a user made that has not been
 * confirmed by the server yet (and, for a while, the ones that were). Plain IndexedDB with no page
 * APIs, so the service worker replays from the same store as the page.
 *
 * An entry also names the company it was made in (`clientId`, the session's company then): it is shown
 * and sent only while that company is the session's, with that company's token, so a switch of company
 * leaves it queued and it goes once the person is back in that company.
 *
 * An entry is written here, with its Idempotency-Key and (for an upload) its file, before the user is
 * told it is saved. Entries are ordered by `seq` (the store's auto-increment key) and belong to one
 * user (`userId`); nobody else's replay ever sees them.
 */

export const OUTBOX_DB = 'portal-outbox'
const STORE = 'entries'
const BY_USER = 'userId'

/**
 * A file sent as a resumable upload (tus, POST /uploads then PATCH from the server's offset): its
 * Upload-Metadata, the file (dropped once sent), and the upload's URL once the server made it, so a
 * later try (after a cut, a reload or a restart) goes on from the server's offset instead of from zero.
 */
export interface ResumableUpload {
  metadata: Record<string, string>
  file: Blob | null
  fileName: string
  /** The upload's address (/api/uploads/{id}), kept as soon as the server gave it. */
  url?: string
}

/** What the server is asked: JSON (or nothing), a multipart form with one file, or a resumable upload. */
export type OutboxRequest =
  | { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; json?: unknown }
  | { method: 'POST'; path: string; form: { fields: [string, string][]; file: Blob | null; fileName: string } }
  | { method: 'POST'; path: string; upload: ResumableUpload }

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed'

export interface OutboxEntry {
  seq: number
  userId: number
  /** The session's company when it was made (absent on entries made before companies, and for staff). */
  clientId?: number | null
  /** What kind of change this is ('upload', 'mail-request', 'mark-read'): pages show their own kinds. */
  kind: string
  /** What the user sees for it: 'scan-1.pdf for Sunshine Holdings LLC'. */
  label: string
  request: OutboxRequest
  idempotencyKey: string
  state: OutboxState
  /** Why it failed (the server's words), or why it is still waiting. */
  reason?: string
  /** The server's status of a refusal. */
  status?: number
  /** A failure worth trying again as is (not a refusal of the request itself). */
  retryable?: boolean
  attempts: number
  createdAt: number
  sentAt?: number
  /** The server's answer to the change, once sent. */
  result?: unknown
  /** Query keys (prefixes) to refresh once it is sent. */
  invalidate?: unknown[][]
}

export type NewOutboxEntry = Pick<OutboxEntry, 'userId' | 'clientId' | 'kind' | 'label' | 'request' | 'idempotencyKey' | 'invalidate'>

let opening: Promise<IDBDatabase> | null = null

// ---------- change notices: this context's listeners, and the other tabs and the worker ----------

const CHANNEL = 'portal-outbox'
const listeners = new Set<() => void>()
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL)
if (channel) channel.onmessage = () => listeners.forEach((listener) => listener())

function announce(): void {
  listeners.forEach((listener) => listener())
  channel?.postMessage('changed')
}

/** Calls `listener` after any change to the outbox, made here, in another tab or in the worker. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => reject(transaction.error)
    transaction.onabort = () => reject(transaction.error ?? new Error('The outbox transaction was aborted'))
  })
}

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(OUTBOX_DB, 1)
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true })
      store.createIndex(BY_USER, 'userId')
    }
    request.onsuccess = () => {
      const db = request.result
      // Deleting the database (log out in another tab) must not wait on this connection.
      db.onversionchange = () => {
        db.close()
        opening = null
      }
      resolve(db)
    }
    request.onerror = () => {
      opening = null
      reject(request.error)
    }
    request.onblocked = () => {
      opening = null
      reject(new Error('The outbox database is blocked'))
    }
  })
  return opening
}

/**
 * Stores new entries (state 'waiting') in one transaction, in order, and resolves once they are durable,
 * with their places in line; all of them are stored, or none is. A batch of scans costs one write to
 * disk, not one per file.
 */
export async function addEntries(entries: NewOutboxEntry[], now = Date.now()): Promise<OutboxEntry[]> {
  const db = await openDb()
  const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' } as IDBTransactionOptions)
  const store = tx.objectStore(STORE)
  const committed = done(tx)
  const added: Promise<OutboxEntry>[] = []
  try {
    for (const entry of entries) {
      const stored: Omit<OutboxEntry, 'seq'> = { ...entry, state: 'waiting', attempts: 0, createdAt: now }
      added.push(promised(store.add(stored)).then((seq) => ({ ...stored, seq: seq as number })))
    }
  } catch (error) {
    // An entry the store cannot hold (it cannot be cloned): the ones before it are not kept either.
    tx.abort()
    await Promise.allSettled([committed, ...added])
    throw error
  }
  const [result] = await Promise.all([Promise.all(added), committed])
  announce()
  return result
}

/** Whether an entry belongs to the session's company (entries without a company belong to every one). */
export function inCompany(entry: Pick<OutboxEntry, 'clientId'>, clientId: number | null | undefined): boolean {
  return entry.clientId == null || clientId === undefined || entry.clientId === clientId
}

/** A user's entries, oldest first; with `clientId`, only those of that company. */
export async function listEntries(userId: number, clientId?: number | null): Promise<OutboxEntry[]> {
  const db = await openDb()
  const tx = db.transaction(STORE, 'readonly')
  // Entries of one user come in primary-key order, which is the order they were made.
  const entries = (await promised(tx.objectStore(STORE).index(BY_USER).getAll(userId))) as OutboxEntry[]
  return entries.filter((entry) => inCompany(entry, clientId))
}

/** Changes an entry; resolves with it, or null when it was removed meanwhile. */
export async function updateEntry(seq: number, change: (entry: OutboxEntry) => Partial<OutboxEntry>): Promise<OutboxEntry | null> {
  const db = await openDb()
  const tx = db.transaction(STORE, 'readwrite')
  const store = tx.objectStore(STORE)
  const current = (await promised(store.get(seq))) as OutboxEntry | undefined
  if (!current) {
    await done(tx)
    return null
  }
  const next = { ...current, ...change(current) }
  store.put(next)
  await done(tx)
  announce()
  return next
}

export async function removeEntry(seq: number): Promise<void> {
  const db = await openDb()
  const tx = db.transaction(STORE, 'readwrite')
  tx.objectStore(STORE).delete(seq)
  await done(tx)
  announce()
}

/** Removes every entry (of every user) from this device: log out and the other wipes. */
export async function deleteOutbox(): Promise<void> {
  const db = await opening?.catch(() => null)
  db?.close()
  opening = null
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(OUTBOX_DB)
    request.onsuccess = () => resolve()
    request.onerror = () => resolve()
    // Another tab still holds it open: it closes on versionchange, then the delete goes through. A
    // stuck connection must not hold a log out: the delete still completes once it closes.
    request.onblocked = () => setTimeout(resolve, 2000)
  })
  announce()
}

/** Whether any user's entry waits to be sent (the worker asks before it renews a session). */
export async function hasWaitingEntries(): Promise<boolean> {
  const db = await openDb()
  const tx = db.transaction(STORE, 'readonly')
  const all = (await promised(tx.objectStore(STORE).getAll())) as OutboxEntry[]
  return all.some((entry) => entry.state === 'waiting' || entry.state === 'sending')
}
