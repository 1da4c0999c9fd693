/**
 * Mail actions: the mailroom's queue of clients' requests about their mail (open and scan, shred, hold
 * for pick-up) and their completion. The client's side (asking for them) lives with the documents
 * table (features/documents).
 */
export { MailActionQueuePage, type MailActionQueuePageProps, type MailActionQueueState } from './queue-page'
export { mailActionKeys } from './api'
