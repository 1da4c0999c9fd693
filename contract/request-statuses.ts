/**
 * The statuses of a request to mail a document and the moves between them (no schemas: the server's
 * rules and the PWA's labels read them without the validation library).
 */
/** GET /client/resources/status: the statuses of a request to mail a document. */
export const DOCUMENT_REQUEST_STATUSES = [
  { id: 1, name: 'Requested' },
  { id: 2, name: 'Processing' },
  { id: 3, name: 'Mailed' },
  { id: 4, name: 'Delivered' },
  { id: 5, name: 'Cancelled' },
] as const
export type DocumentRequestStatusId = (typeof DOCUMENT_REQUEST_STATUSES)[number]['id']
export const REQUEST_STATUS = { requested: 1, processing: 2, mailed: 3, delivered: 4, cancelled: 5 } as const

/** A request still waiting for the mailroom; a document has at most one, and is not shredded while it does. */
export const OPEN_REQUEST_STATUSES: readonly DocumentRequestStatusId[] = [1, 2]

/**
 * Every status but Cancelled: the one paper original is either on its way or already sent, so a document
 * has at most one such request. A cancelled request frees the document again.
 */
export const LIVE_REQUEST_STATUSES: readonly DocumentRequestStatusId[] = [1, 2, 3, 4]

/** Mailed or Delivered: the original has left the mailroom. */
export const SENT_REQUEST_STATUSES: readonly DocumentRequestStatusId[] = [3, 4]

/** Moves an agent may make. Clients may only cancel their own request while it is Requested. */
export const REQUEST_TRANSITIONS: Record<DocumentRequestStatusId, readonly DocumentRequestStatusId[]> = {
  1: [2, 5],
  2: [3, 5],
  3: [4],
  4: [],
  5: [],
}

export const requestStatusName = (id: number) => DOCUMENT_REQUEST_STATUSES.find((s) => s.id === id)?.name ?? 'Unknown'
