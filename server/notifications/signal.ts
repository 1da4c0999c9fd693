import { EventEmitter } from 'node:events'

/**
 * Tells this server's notification worker (server/push/worker.ts) that something was queued, so it is
 * sent within moments instead of at the next poll. Only a hint: the worker also polls, which is how
 * rows queued by another server, or by a transaction still open when the hint came, are found.
 */
export const outgoingQueued = new EventEmitter()
