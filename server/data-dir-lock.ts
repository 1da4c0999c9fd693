import { randomBytes } from 'node:crypto'
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

/**
 * One server per data directory. The embedded database (PGlite) must never be opened by two processes:
 * the second one's migrations and a later kill of the first leave files that no longer open. So before
 * touching anything under DATA_DIR the server takes `DATA_DIR/server.lock`:
 *
 * - The file is created atomically (a hard link of a fully written temporary file), holding who owns it:
 *   pid, host, port and start time, which the refusal line names.
 * - The owner touches the file every HEARTBEAT_MS. A lock is stale, and taken over, when its process is
 *   gone (same host, pid not running or our own pid after a container restart) or when it has not been
 *   touched for STALE_MS (a crashed owner on another host, or a pid reused by another program).
 * - It is removed on a clean stop; a kill -9 leaves it behind, and the next start takes it over at once.
 */
export const LOCK_FILE = 'server.lock'
export const HEARTBEAT_MS = 10_000
export const STALE_MS = 35_000

export interface LockOwner {
  pid: number
  host: string
  port: number
  startedAt: string
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner ? `process ${owner.pid} on ${owner.host} (port ${owner.port}, started ${owner.startedAt})` : 'another process'
    super(`DATA_DIR ${dataDir} is in use by ${who}; stop that server first, or give this one another DATA_DIR`)
  }
}

export interface DataDirLock {
  release(): void
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner
    return Number.isInteger(owner.pid) ? owner : null
  } catch {
    return null
  }
}

function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function isStale(file: string, owner: LockOwner | null, now: number): boolean {
  let touched: number
  try {
    touched = statSync(file).mtimeMs
  } catch {
    return true // gone meanwhile
  }
  if (now - touched > STALE_MS) return true
  if (!owner) return false // being written, or unreadable: not ours to judge yet
  if (owner.host !== hostname()) return false
  return owner.pid === process.pid || !processRunning(owner.pid)
}

/**
 * Takes the lock on dataDir or throws DataDirLockedError naming the owner. `port` is recorded for the
 * message a second server prints.
 */
export function lockDataDir(dataDir: string, port: number): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE)
  const me: LockOwner = { pid: process.pid, host: hostname(), port, startedAt: new Date().toISOString() }
  const temp = path.join(dataDir, `.${LOCK_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`)
  const fd = openSync(temp, 'wx', 0o644)
  writeSync(fd, JSON.stringify(me))
  closeSync(fd)
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temp, file)
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const owner = readOwner(file)
      if (attempt >= 3 || !isStale(file, owner, Date.now())) throw new DataDirLockedError(path.resolve(dataDir), owner)
      // Take over the stale lock: replace it in one step, then make sure no other starter replaced it too.
      renameSync(temp, file)
      if (readOwner(file)?.pid !== process.pid) throw new DataDirLockedError(path.resolve(dataDir), readOwner(file))
      break
    }
  } finally {
    try {
      unlinkSync(temp)
    } catch {
      // renamed into place
    }
  }

  const heartbeat = setInterval(() => {
    const now = new Date()
    try {
      utimesSync(file, now, now)
    } catch {
      // The directory went away; nothing left to protect.
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()

  let released = false
  const release = () => {
    if (released) return
    released = true
    clearInterval(heartbeat)
    process.off('exit', release)
    try {
      if (readOwner(file)?.pid === process.pid && readOwner(file)?.startedAt === me.startedAt) unlinkSync(file)
    } catch {
      // already gone
    }
  }
  process.on('exit', release)
  return { release }
}
