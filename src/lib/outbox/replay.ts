import { listEntries, updateEntry, type OutboxEntry, type OutboxRequest } from './store'

/**
 * Replaying the outbox: the oldest waiting entry of the user first, one at a time, each with its own
 * Idempotency-Key, so a replay after a lost answer is answered by the server with what it stored the
 * first time instead of a second copy. One replay runs at a time on the whole device (a Web Lock
 * shared by every tab and the service worker), so no entry is sent by two owners at once.
 *
 * - The server took it: 'sent', with its answer (an upload's file is dropped from storage then).
 * - The server refused it (4xx): 'failed' with the server's reason; the rest of the line goes on.
 * - No answer (offline, connection dropped, server out of reach): it stays 'waiting' and the replay
 *   stops there, keeping the order; the next replay starts again with it.
 */

export type SendOutcome =
  | { kind: 'sent'; result?: unknown }
  /** The server refused or failed it; `retryable` when trying again as is might succeed (not a 4xx). */
  | { kind: 'failed'; reason: string; status?: number; retryable: boolean }
  | { kind: 'unreachable'; reason: string }

export type SendEntry = (entry: OutboxEntry) => Promise<SendOutcome>

export interface ReplayReport {
  sent: OutboxEntry[]
  failed: OutboxEntry[]
  /** Entries are left waiting for the network. */
  waiting: boolean
}

export const OUTBOX_LOCK = 'portal-outbox-replay'

let localTail: Promise<unknown> = Promise.resolve()

/** Runs `work` holding the device-wide outbox lock (or, without Web Locks, one at a time here). */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (locks) return locks.request(OUTBOX_LOCK, work)
  const run = localTail.then(work, work)
  localTail = run.catch(() => undefined)
  return run
}

/** Sends the user's waiting entries in order; see the module comment for what each answer does. */
/** Only the entries of `clientId` when given: the others wait until their company is the session's again. */
export function replayOutbox(userId: number, send: SendEntry, now: () => number = Date.now, clientId?: number | null): Promise<ReplayReport> {
  return exclusively(async () => {
    const report: ReplayReport = { sent: [], failed: [], waiting: false }
    const tried = new Set<number>()
    for (;;) {
      // Read afresh each time: entries may have been added, retried or removed meanwhile. An entry
      // left 'sending' was cut off (a closed tab, a crashed worker): it goes again with its key.
      const next = (await listEntries(userId, clientId)).find((entry) => (entry.state === 'waiting' || entry.state === 'sending') && !tried.has(entry.seq))
      if (!next) return report
      tried.add(next.seq)
      const sending = await updateEntry(next.seq, (entry) => ({ state: 'sending', attempts: entry.attempts + 1, reason: undefined }))
      if (!sending) continue
      let outcome: SendOutcome
      try {
        outcome = await send(sending)
      } catch (error) {
        outcome = { kind: 'failed', reason: error instanceof Error ? error.message : 'The change could not be sent', retryable: true }
      }
      if (outcome.kind === 'unreachable') {
        await updateEntry(next.seq, () => ({ state: 'waiting', reason: outcome.reason }))
        report.waiting = true
        return report
      }
      if (outcome.kind === 'sent') {
        const result = outcome.result
        const sent = await updateEntry(next.seq, (entry) => ({
          state: 'sent',
          sentAt: now(),
          result,
          reason: undefined,
          // The server has the file now: the device does not need to keep it.
          request: withoutFile(entry.request),
        }))
        if (sent) report.sent.push(sent)
        continue
      }
      const failed = await updateEntry(next.seq, () => ({ state: 'failed', reason: outcome.reason, status: outcome.status, retryable: outcome.retryable }))
      if (failed) report.failed.push(failed)
    }
  })
}

/** The request as kept once sent: an upload's file is not needed on the device any more. */
function withoutFile(request: OutboxRequest): OutboxRequest {
  if ('form' in request) return { ...request, form: { ...request.form, file: null } }
  if ('upload' in request) return { ...request, upload: { ...request.upload, file: null } }
  return request
}
