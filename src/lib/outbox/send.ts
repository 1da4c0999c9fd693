import { ApiError, apiFetch, NetworkError, OfflineError } from '../api-client'
import { answerOf, CUT_OFF, entryBody, outcomeOfRefusal, reasonOf, WAITING_FOR_NETWORK } from './http'
import { replayOutbox, type ReplayReport, type SendOutcome } from './replay'
import type { OutboxEntry } from './store'

/** The page's sender: through the API client, so the bearer token and its renewal are the usual ones. */
async function sendFromPage(entry: OutboxEntry): Promise<SendOutcome> {
  if ('upload' in entry.request) {
    // tus-js-client comes with the first resumable upload, not with every replay.
    const { sendResumable } = await import('./resumable')
    return sendResumable(entry)
  }
  const { body, headers } = entryBody(entry)
  try {
    const response = await apiFetch(entry.request.path, { method: entry.request.method, body, headers })
    return { kind: 'sent', result: await answerOf(response) }
  } catch (error) {
    if (error instanceof ApiError) return outcomeOfRefusal(error.status, reasonOf({ detail: error.detail, details: error.details }, error.status))
    if (error instanceof OfflineError) return { kind: 'unreachable', reason: entry.attempts > 1 ? CUT_OFF : WAITING_FOR_NETWORK }
    if (error instanceof NetworkError) return { kind: 'unreachable', reason: CUT_OFF }
    throw error
  }
}

/** Replays the user's outbox from the page (see replay.ts). */
export function replayFromPage(userId: number, clientId?: number | null): Promise<ReplayReport> {
  return replayOutbox(userId, sendFromPage, Date.now, clientId)
}
