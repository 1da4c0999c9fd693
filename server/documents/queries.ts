import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { LIVE_REQUEST_STATUSES, OPEN_REQUEST_STATUSES, requestStatusName, SENT_REQUEST_STATUSES } from '../../contract/document-requests'
import { JURISDICTIONS, type Document, type DocumentFileType } from '../../contract/documents'
import type { DocumentMailAction } from '../../contract/mail-actions'
import { recordAudit } from '../audit'
import { contains, containsPatterns, containsValue, searchValues, type ContainsForm } from '../db/contains'
import type { Db, Tx } from '../db/client'
import { boundValues, cachedList, cachedStatement, type ValueOf } from '../db/statement-cache'
import { EXACT_TOTAL_LIMIT, matchingCount, plannedRows, totalOf, type PageTotal } from '../db/page-total'
import { SERVICE_OF_PROCESS } from '../db/reference'
import { clients, documentRequestEvents, documentRequests, documents, documentTexts, documentTypes, mailActions, notifications } from '../db/schema'
import { downloadFileName } from './naming'
import { daysLeft, shredDueAt, withinRequestWindow } from './retention'
import { fileTypeOf } from './sniff'
import { markNotificationsReadWhere, type NotificationReader } from '../notifications'
import { searchWords, snippetOf } from '../../contract/text-snippet'

/** The columns a Document answer is built from. */
const documentColumns = {
  id: documents.id,
  clientId: documents.clientId,
  companyName: clients.companyName,
  jurisdiction: documents.jurisdiction,
  documentTypeId: documents.documentTypeId,
  typeName: documentTypes.name,
  dateReceived: documents.dateReceived,
  uploadedAt: documents.uploadedAt,
  isRead: documents.isRead,
  readAt: documents.readAt,
  fileName: documents.fileName,
  storageKey: documents.storageKey,
  contentType: documents.contentType,
  sizeBytes: documents.sizeBytes,
  sha256: documents.sha256,
  status: documents.status,
  shreddedAt: documents.shreddedAt,
  servedOn: documents.servedOn,
  responseDueOn: documents.responseDueOn,
  responseDueCorrected: documents.responseDueCorrected,
  acknowledgedAt: documents.acknowledgedAt,
  requestId: documentRequests.id,
  requestStatus: documentRequests.status,
  requestCarrier: documentRequests.carrier,
  requestTrackingNumber: documentRequests.trackingNumber,
  /** What the text reader made of the file (null: not queued, e.g. shredded before it existed). */
  textState: sql<string | null>`(select ${documentTexts.state} from ${documentTexts} where ${documentTexts.documentId} = ${documents.id})`,
  kind: documents.kind,
  /** The latest mail action asked for on the document (contract/mail-actions.ts), as JSON with times in epoch milliseconds. */
  mailAction: sql<unknown>`(select json_build_object('id', ${mailActions.id}, 'action', ${mailActions.action}, 'status', ${mailActions.status}, 'requestedAt', (extract(epoch from ${mailActions.requestedAt}) * 1000)::bigint, 'completedAt', (extract(epoch from ${mailActions.completedAt}) * 1000)::bigint, 'scanDocumentId', ${mailActions.scanDocumentId}, 'originalOnly', ${mailActions.originalOnly}) from ${mailActions} where ${mailActions.documentId} = ${documents.id} order by ${mailActions.id} desc limit 1)`,
  /** When the live request was marked Mailed (null while it is open). */
  mailedAt:
    sql<Date | null>`(select max(${documentRequestEvents.createdAt}) from ${documentRequestEvents} where ${documentRequestEvents.documentRequestId} = ${documentRequests.id} and ${documentRequestEvents.status} = 3)`.mapWith(
      (value: string | Date | null) => (value == null ? null : new Date(value)),
    ),
}

export type DocumentRow = {
  id: number
  clientId: number
  companyName: string
  jurisdiction: number
  documentTypeId: number
  typeName: string
  dateReceived: string
  uploadedAt: Date
  isRead: boolean
  readAt: Date | null
  fileName: string
  storageKey: string | null
  contentType: string
  sizeBytes: number
  sha256: string
  status: string
  shreddedAt: Date | null
  servedOn: string | null
  responseDueOn: string | null
  responseDueCorrected: boolean
  acknowledgedAt: Date | null
  requestId: number | null
  requestStatus: number | null
  requestCarrier: string | null
  requestTrackingNumber: string | null
  textState: string | null
  mailedAt: Date | null
  kind: string
  mailAction: unknown
  /** On a search: the document's words, when the search matched them. */
  matchedText?: string | null
}

/**
 * Documents with their client, type and live mail request: the one not Cancelled (at most one, by a
 * unique index), open or already mailed.
 */
export function selectDocuments<Extra extends Record<string, SQL> = Record<never, never>>(db: Db | Tx, extra?: Extra) {
  return db
    .select({ ...documentColumns, ...extra } as typeof documentColumns & Extra)
    .from(documents)
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .leftJoin(documentRequests, and(eq(documentRequests.documentId, documents.id), inArray(documentRequests.status, [...LIVE_REQUEST_STATUSES])))
}

export async function findDocument(db: Db | Tx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await selectDocuments(db).where(eq(documents.id, id))
  return row
}

export function findDocuments(db: Db | Tx, ids: number[]): Promise<DocumentRow[]> {
  return selectDocuments(db).where(inArray(documents.id, ids))
}

/** The words read from a document's file, once read. */
export async function documentTextOf(db: Db | Tx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ body: documentTexts.body })
    .from(documentTexts)
    .where(and(eq(documentTexts.documentId, id), eq(documentTexts.state, 'done')))
  return row?.body ?? null
}

export const fileTypeOfRow = (row: Pick<DocumentRow, 'contentType'>): DocumentFileType => fileTypeOf(row.contentType)

export const downloadNameOf = (row: DocumentRow) => downloadFileName(row.companyName, row.typeName, row.dateReceived, fileTypeOfRow(row))

/** The mail action column (JSON, as postgres.js and PGlite give it: parsed, or as text) as the answer shows it. */
function toDocumentMailAction(value: unknown): DocumentMailAction | null {
  if (value == null) return null
  const raw = (typeof value === 'string' ? JSON.parse(value) : value) as {
    id: number
    action: DocumentMailAction['action']
    status: DocumentMailAction['status']
    requestedAt: number | string
    completedAt: number | string | null
    scanDocumentId: number | null
    originalOnly?: boolean
  }
  return {
    id: raw.id,
    action: raw.action,
    status: raw.status,
    requestedAt: new Date(Number(raw.requestedAt)).toISOString(),
    completedAt: raw.completedAt == null ? null : new Date(Number(raw.completedAt)).toISOString(),
    scanDocumentId: raw.scanDocumentId,
    originalOnly: raw.originalOnly === true,
  }
}

export function toDocument(row: DocumentRow, now: Date, options: { withClient?: boolean; withTextState?: boolean; words?: string[] } = {}): Document {
  const active = row.status === 'active'
  const sent = row.requestId != null && SENT_REQUEST_STATUSES.includes(row.requestStatus as 3 | 4)
  const openRequestId = row.requestId != null && !sent ? row.requestId : null
  const mailAction = toDocumentMailAction(row.mailAction)
  // The client's rule had the paper shredded: the scan stays, there is no original left to mail.
  const paperShredded = mailAction?.action === 'shred' && mailAction.originalOnly && mailAction.status === 'done'
  return {
    id: row.id,
    clientId: row.clientId,
    ...(options.withClient ? { client: { id: row.clientId, companyName: row.companyName } } : {}),
    jurisdiction: row.jurisdiction as 1 | 2 | 3,
    jurisdictionName: JURISDICTIONS.find((j) => j.id === row.jurisdiction)?.name ?? 'Unknown',
    documentTypeId: row.documentTypeId,
    documentTypeNavigation: { name: row.typeName },
    dateReceived: row.dateReceived,
    uploadedAt: row.uploadedAt.toISOString(),
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
    documentBlobUrl: fileTypeOfRow(row),
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    fileName: downloadNameOf(row),
    originalFileName: row.fileName,
    urlFile: `/api/document/${row.id}`,
    status: active ? 'active' : 'shredded',
    kind: row.kind === 'envelope' ? 'envelope' : 'document',
    mailAction,
    shredDate: (row.shreddedAt ?? shredDueAt(row.uploadedAt)).toISOString(),
    shreddedAt: row.shreddedAt?.toISOString() ?? null,
    daysLeft: daysLeft(row.uploadedAt, row.status, now),
    canRequest: active && !paperShredded && row.requestId == null && withinRequestWindow(row.uploadedAt, now),
    openRequestId,
    originalMailed: sent
      ? {
          requestId: row.requestId!,
          statusName: requestStatusName(row.requestStatus!),
          mailedAt: (row.mailedAt ?? now).toISOString(),
          carrier: row.requestCarrier,
          trackingNumber: row.requestTrackingNumber,
        }
      : null,
    // Service of process: when it was served, its estimated answer date and the client's acknowledgment.
    ...(row.typeName === SERVICE_OF_PROCESS
      ? {
          servedOn: row.servedOn,
          responseDueDate: row.responseDueOn,
          responseDueEstimate: !row.responseDueCorrected,
          acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
        }
      : {}),
    ...(options.withTextState ? { textState: (row.textState as Document['textState']) ?? null } : {}),
    ...(row.matchedText && options.words?.length ? { snippet: snippetOf(row.matchedText, options.words) } : {}),
  }
}

export interface DocumentFilters {
  /** One document (a notification's link to it). */
  id?: number
  clientId?: number
  documentTypeId?: number
  jurisdiction?: number
  isRead?: boolean
  status?: 'active' | 'shredded'
  receivedFrom?: string
  receivedTo?: string
  q?: string
  /** Search company names too (lists across clients). */
  searchCompany?: boolean
}

/** A search matching more companies than this falls back to matching them inside the query. */
const MAX_LISTED_COMPANIES = 500

/**
 * What a search text matches in the small tables (document types, client companies), looked up first
 * so the documents query gets plain id lists: PostgreSQL then combines the documents' own indexes
 * (type, client, file name) instead of filtering every row, and the total needs no join.
 */
export interface DocumentSearch {
  /** The search text, trimmed. */
  text: string
  typeIds: number[]
  /** null: too many companies match to list them. */
  clientIds: number[] | null
  jurisdiction?: number
}

export async function resolveDocumentSearch(db: Db | Tx, filters: DocumentFilters): Promise<DocumentSearch | undefined> {
  const q = filters.q?.trim()
  if (!q) return undefined
  const [types, companies] = await Promise.all([
    db.select({ id: documentTypes.id }).from(documentTypes).where(contains(documentTypes.name, q)),
    filters.searchCompany
      ? db
          .select({ id: clients.id })
          .from(clients)
          .where(contains(clients.companyName, q))
          .limit(MAX_LISTED_COMPANIES + 1)
      : Promise.resolve([]),
  ])
  return {
    text: q,
    typeIds: types.map((t) => t.id),
    clientIds: companies.length > MAX_LISTED_COMPANIES ? null : companies.map((c) => c.id),
    jurisdiction: JURISDICTIONS.find((j) => j.name.toLowerCase() === q.toLowerCase())?.id,
  }
}

/** Which of a document list's filters are present, how its search is asked and how it is sorted. */
interface DocumentListShape {
  filters: (keyof typeof FILTER_CONDITIONS)[]
  search?: {
    /** How the text is matched (file names, and company names inside the query). */
    text: ContainsForm
    typeIds: boolean
    /** Company names: as a list of ids, inside the query (too many to list), or not searched. */
    companies: 'ids' | 'query' | null
    jurisdiction: boolean
    /** The words inside the documents (document_texts), ranked when no sort is asked. */
    words: boolean
    /**
     * The words are rare enough to take their matches from the full-text index first (see
     * WORDS_FIRST_MAX_MATCHES); otherwise the newest documents are walked and their words checked.
     */
    wordsFirst: boolean
  }
  sort: string | null
  order: 'asc' | 'desc' | null
}

/** The plain filters, each on its own value of the same name. */
const FILTER_CONDITIONS = {
  id: (value: ValueOf) => eq(documents.id, value('id')),
  clientId: (value: ValueOf) => eq(documents.clientId, value('clientId')),
  documentTypeId: (value: ValueOf) => eq(documents.documentTypeId, value('documentTypeId')),
  jurisdiction: (value: ValueOf) => eq(documents.jurisdiction, value('jurisdiction')),
  isRead: (value: ValueOf) => eq(documents.isRead, value('isRead')),
  status: (value: ValueOf) => eq(documents.status, value('status')),
  receivedFrom: (value: ValueOf) => gte(documents.dateReceived, value('receivedFrom')),
  receivedTo: (value: ValueOf) => lte(documents.dateReceived, value('receivedTo')),
} satisfies Partial<Record<keyof DocumentFilters, (value: ValueOf) => SQL>>

/** The list's plain filters (client, type, dates...). */
const filterConditions = (shape: DocumentListShape, value: ValueOf) => and(...shape.filters.map((filter) => FILTER_CONDITIONS[filter](value)))

/** The search as matched in the documents' own columns: type, file name, company, jurisdiction. */
function columnMatches(search: NonNullable<DocumentListShape['search']>, value: ValueOf): SQL | undefined {
  return or(
    search.typeIds ? sql`${documents.documentTypeId} = any(${value('typeIds')})` : undefined,
    containsValue(documents.fileName, search.text, 'q', value),
    search.companies === 'query'
      ? inArray(documents.clientId, sql`(select ${clients.id} from ${clients} where ${containsValue(clients.companyName, search.text, 'q', value)})`)
      : search.companies === 'ids'
        ? sql`${documents.clientId} = any(${value('clientIds')})`
        : undefined,
    search.jurisdiction ? eq(documents.jurisdiction, value('searchJurisdiction')) : undefined,
  )
}

function documentConditions(shape: DocumentListShape, value: ValueOf): SQL | undefined {
  return and(filterConditions(shape, value), shape.search ? columnMatches(shape.search, value) : undefined)
}

/**
 * The search text as a full-text query, in English and in Spanish (either may match), accents and case
 * ignored as in document_texts.search (migration 0017). websearch_to_tsquery never fails on user input.
 */
const wordsQuery = (value: ValueOf) =>
  sql`(websearch_to_tsquery('english'::regconfig, document_text_unaccent(${value('words')}::text)) || websearch_to_tsquery('spanish'::regconfig, document_text_unaccent(${value('words')}::text)))`

const wordsMatch = (value: ValueOf) => sql`${documentTexts.search} @@ ${wordsQuery(value)}`

/** The list's filters and its words, for a query joined to document_texts. */
const wordsConditions = (shape: DocumentListShape, value: ValueOf) => and(filterConditions(shape, value), wordsMatch(value))

/** The document's words when the search matched them, for the snippet. */
const matchedText = (value: ValueOf) =>
  sql<string | null>`(select ${documentTexts.body} from ${documentTexts} where ${documentTexts.documentId} = ${documents.id} and ${wordsMatch(value)})`

/** Dates sort newest first unless asked otherwise; names and codes sort A to Z. */
export function documentOrder(sort: string | undefined, requested: 'asc' | 'desc' | undefined): SQL[] {
  const order = requested ?? (sort && ['type', 'company', 'jurisdiction', 'status', 'daysLeft', 'isRead'].includes(sort) ? 'asc' : 'desc')
  const dir = order === 'asc' ? asc : desc
  switch (sort) {
    case 'dateReceived':
    case undefined:
      // Scans may be uploaded out of the order the mail came in: the upload time breaks ties.
      return [dir(documents.dateReceived), dir(documents.uploadedAt), dir(documents.id)]
    case 'type':
      return [dir(documentTypes.name), desc(documents.uploadedAt), desc(documents.id)]
    case 'jurisdiction':
      return [dir(documents.jurisdiction), desc(documents.uploadedAt), desc(documents.id)]
    case 'isRead':
      return [dir(documents.isRead), desc(documents.uploadedAt), desc(documents.id)]
    case 'status':
      return [dir(documents.status), desc(documents.uploadedAt), desc(documents.id)]
    case 'company':
      return [dir(clients.companyName), desc(documents.uploadedAt), desc(documents.id)]
    case 'daysLeft':
      // Fewer days left = uploaded earlier; shredded documents (0 days) first when ascending.
      return [
        order === 'asc'
          ? asc(sql`case when ${documents.status} = 'active' then 1 else 0 end`)
          : desc(sql`case when ${documents.status} = 'active' then 1 else 0 end`),
        dir(documents.uploadedAt),
        dir(documents.id),
      ]
    default:
      return [dir(documents.uploadedAt), dir(documents.id)]
  }
}

const shapeOrder = (shape: DocumentListShape) => documentOrder(shape.sort ?? undefined, shape.order ?? undefined)

/** A list without words to search: one statement for the page and its total. */
const documentList = cachedList<DocumentListShape, DocumentRow>({
  name: 'document list',
  matching: (db, shape, value) =>
    db
      .select({ one: sql`1` })
      .from(documents)
      .where(documentConditions(shape, value)),
  page: (db, shape, value, matching) =>
    selectDocuments(db, { matchingCount: matchingCount(matching) })
      .where(documentConditions(shape, value))
      .orderBy(...shapeOrder(shape))
      .limit(value('limit'))
      .offset(value('offset')),
})

/**
 * A search with words is ranked among the newest this many documents whose words match: ranking every
 * match exactly would read the words of every document sharing a common word (half a million at a
 * million documents), which no first page can wait for.
 */
export const RANKED_WORD_MATCHES = 1_000

/**
 * Words the planner expects in at most this many documents are looked up in the full-text index first,
 * and only their documents are read and sorted by date. Past it, walking the newest documents and
 * checking each one's words finds a page of matches sooner. (The planner's guess for a rare word is
 * about 1 % of the documents whatever its real count, and about twice the real count for a word in
 * 1 %.) Left to itself the planner walks the newest documents for a word in one document of a hundred
 * too, reading some hundred thousand documents' words at a million documents.
 */
export const WORDS_FIRST_MAX_MATCHES = 50_000

/*
 * A search with words: the documents matching in their columns (the list's own indexes) and those
 * matching by their words (the full-text index, or the list's date index for a common word) are two
 * queries PostgreSQL plans separately; one `OR` of both would read every document. Each is cut to what
 * the page can need (offset + limit of it, in the list's order), their union is sorted and cut, and only
 * then are the page's columns (mailed at, text state, snippet) read, for its rows alone.
 *
 * Order without a sort asked: the newest RANKED_WORD_MATCHES word matches, best match first, then every
 * other match (older word matches, and matches by type, file name, company or jurisdiction) newest
 * first. With a sort, all matches in that order.
 */

/** The documents of the list whose words match, in the list's order. */
const matchingByWords = (db: Db | Tx, shape: DocumentListShape, value: ValueOf) =>
  db.select({ id: documents.id }).from(documents).innerJoin(documentTexts, eq(documentTexts.documentId, documents.id)).where(wordsConditions(shape, value))

/** The documents of the list matching in their columns. */
const matchingByColumns = (db: Db | Tx, shape: DocumentListShape, value: ValueOf) =>
  db.select({ id: documents.id }).from(documents).where(documentConditions(shape, value))

/** The first `need` documents of a part, in the list's order, each with no rank. */
const firstOf = (db: Db | Tx, shape: DocumentListShape, value: ValueOf, words: boolean) => {
  const part = db
    .select({ id: documents.id, rank: sql`null::real` })
    .from(documents)
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
  return (words ? part.innerJoin(documentTexts, eq(documentTexts.documentId, documents.id)) : part)
    .where(words ? wordsConditions(shape, value) : documentConditions(shape, value))
    .orderBy(...shapeOrder(shape))
    .limit(value('need'))
}

/**
 * The newest documents of the list holding rare words, as `(id, search, received, uploaded)`: their
 * documents from the full-text index, then each one looked up by its key and checked against the
 * list's filters, then sorted. Both subqueries are fenced (`offset 0`) so the planner can neither walk
 * the dates instead nor read every document to join them by hash.
 */
function rareWordMatches(shape: DocumentListShape, value: ValueOf): SQL {
  const listed = and(filterConditions(shape, value), sql`${documents.id} = hit.document_id`)
  return sql`select listed.id, hit.search, listed.received, listed.uploaded
    from (select ${documentTexts.documentId} as document_id, ${documentTexts.search} as search from ${documentTexts} where ${wordsMatch(value)} offset 0) as hit
    cross join lateral (select ${documents.id}, ${documents.dateReceived}, ${documents.uploadedAt} from ${documents} where ${listed} offset 0) as listed (id, received, uploaded)
    order by listed.received desc, listed.uploaded desc, listed.id desc
    limit ${value('wordsLimit')}`
}

/**
 * The page's candidates `(id, rank)`: without a sort, the newest word matches (RANKED_WORD_MATCHES of
 * them ranked, then as many older ones as the page can need) and the first matches by column; with a
 * sort, the first of each part in that order.
 */
function candidates(db: Db | Tx, shape: DocumentListShape, value: ValueOf): SQL {
  if (shape.sort) return sql`(${firstOf(db, shape, value, true)}) union all (${firstOf(db, shape, value, false)})`
  const newestWords = shape.search?.wordsFirst
    ? rareWordMatches(shape, value)
    : db
        .select({ id: documents.id, search: documentTexts.search, received: documents.dateReceived, uploaded: documents.uploadedAt })
        .from(documents)
        .innerJoin(documentTexts, eq(documentTexts.documentId, documents.id))
        .where(wordsConditions(shape, value))
        .orderBy(...documentOrder(undefined, undefined))
        .limit(value('wordsLimit'))
  // documentOrder's default (newest first), on the columns of `words`.
  const newestFirst = sql.raw('order by received desc, uploaded desc, id desc')
  return sql`with words (id, search, received, uploaded) as materialized (${newestWords})
    select id, ts_rank_cd(search, ${wordsQuery(value)}) from (select id, search from words ${newestFirst} limit ${RANKED_WORD_MATCHES}) as ranked
    union all
    select id, null::real from (select id from words ${newestFirst} offset ${RANKED_WORD_MATCHES}) as older
    union all
    (${firstOf(db, shape, value, false)})`
}

/** The page's ids in order, and the capped count of all matches. */
const searchPage = cachedStatement<DocumentListShape, { id: number; matchingCount: number }>('document search', (db, shape, value) =>
  db
    .select({ id: documents.id, matchingCount: sql<number>`(${searchCount(db, shape, value)})`.mapWith(Number) })
    .from(sql`(select id, max(rank) as rank from (${candidates(db, shape, value)}) as candidate (id, rank) group by id) as candidate`)
    .innerJoin(documents, eq(documents.id, sql`candidate.id`))
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .orderBy(...(shape.sort ? [] : [sql`candidate.rank desc nulls last`]), ...shapeOrder(shape))
    .limit(value('limit'))
    .offset(value('offset')),
)

/** How many documents match, counted up to EXACT_TOTAL_LIMIT + 1 in each part (see page-total.ts). */
const searchCount = (db: Db | Tx, shape: DocumentListShape, value: ValueOf) =>
  sql`select count(*)::int from ((${matchingByWords(db, shape, value).limit(EXACT_TOTAL_LIMIT + 1)}) union (${matchingByColumns(db, shape, value).limit(EXACT_TOTAL_LIMIT + 1)})) as matching`

const searchCountAlone = cachedStatement<DocumentListShape, { n: number }>('document search count', (db, shape, value) =>
  db.select({ n: sql<number>`(${searchCount(db, shape, value)})`.mapWith(Number) }).from(sql`(select 1) as one`),
)

/** Every match, uncounted: for the planner's estimate of a total past EXACT_TOTAL_LIMIT. */
const allMatches = (db: Db, shape: DocumentListShape, value: ValueOf) =>
  sql`(${matchingByWords(db, shape, value)}) union (${matchingByColumns(db, shape, value)})`

/** The page's rows with their columns and matched words, in the page's order. */
const searchRows = cachedStatement<Record<never, never>, DocumentRow>('document search rows', (db, _shape, value) =>
  selectDocuments(db, { matchedText: matchedText(value) }).where(sql`${documents.id} = any(${value('ids')})`),
)

async function searchDocuments(db: Db, shape: DocumentListShape, values: Record<string, unknown>, paging: { page: number; pageSize: number }) {
  const offset = (paging.page - 1) * paging.pageSize
  const need = offset + paging.pageSize
  const all = { ...values, limit: paging.pageSize, offset, need, wordsLimit: RANKED_WORD_MATCHES + need }
  // Planned for its words each time: the plan PostgreSQL makes once for any words (the generic plan of a
  // prepared statement, taken after five runs) reads every document for a rare word.
  const page = await db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`)
    return searchPage(tx, shape, all)
  })
  const exact = page.length ? page[0].matchingCount : ((await searchCountAlone(db, shape, all))[0]?.n ?? 0)
  const total = await totalOf(db, exact, () => allMatches(db, shape, boundValues('document search', all)))
  if (!page.length) return { rows: [], ...total }
  const byId = new Map((await searchRows(db, {}, { words: values.words, ids: page.map((row) => row.id) })).map((row) => [row.id, row]))
  return { rows: page.flatMap((row) => byId.get(row.id) ?? []), ...total }
}

/** How many documents the planner expects to contain the words (its estimate: nothing is read). */
const expectedWordMatches = (db: Db, text: string) =>
  plannedRows(db, sql`select 1 from ${documentTexts} where ${wordsMatch(boundValues('word matches', { words: text }))}`)

/** One page of documents and the total matching the filters. */
export async function listDocuments(
  db: Db,
  filters: DocumentFilters,
  paging: { page: number; pageSize: number; sort?: string; order?: 'asc' | 'desc' },
): Promise<{ rows: DocumentRow[] } & PageTotal> {
  const search = await resolveDocumentSearch(db, filters)
  const present = (Object.keys(FILTER_CONDITIONS) as (keyof typeof FILTER_CONDITIONS)[]).filter(
    (filter) => filters[filter] !== undefined && filters[filter] !== '',
  )
  const values: Record<string, unknown> = Object.fromEntries(present.map((filter) => [filter, filters[filter]]))
  let searchShape: DocumentListShape['search']
  if (search) {
    const words = searchWords(search.text)
    // Across all clients, rare words are looked up in the full-text index first; one client's documents are few enough to walk.
    const wordsFirst = words.length > 0 && !present.includes('clientId') && (await expectedWordMatches(db, search.text)) <= WORDS_FIRST_MAX_MATCHES
    Object.assign(values, searchValues('q', search.text), { typeIds: search.typeIds, clientIds: search.clientIds, searchJurisdiction: search.jurisdiction })
    if (words.length) values.words = search.text
    searchShape = {
      text: containsPatterns(search.text).form,
      typeIds: search.typeIds.length > 0,
      companies: !filters.searchCompany ? null : search.clientIds === null ? 'query' : search.clientIds.length ? 'ids' : null,
      jurisdiction: Boolean(search.jurisdiction),
      words: words.length > 0,
      wordsFirst,
    }
  }
  const shape: DocumentListShape = { filters: present, search: searchShape, sort: paging.sort ?? null, order: paging.order ?? null }
  if (searchShape?.words) return searchDocuments(db, shape, values, paging)
  const { rows, ...total } = await documentList(db, shape, values, paging)
  return { rows: rows as DocumentRow[], ...total }
}

/**
 * A client user has seen the document: it is read (for the company), and so are their own bell's
 * notices of its arrival (for them: the rest of the team still has theirs). Answers whether the
 * document itself changed.
 */
export async function markDocumentRead(db: Db, row: DocumentRow, reader: NotificationReader, now: Date): Promise<boolean> {
  // Both marks are idempotent: should the second fail, the next opening makes it.
  const changed = row.isRead
    ? []
    : await db
        .update(documents)
        .set({ isRead: true, readAt: now })
        .where(and(eq(documents.id, row.id), eq(documents.isRead, false)))
        .returning({ id: documents.id })
  await markNotificationsReadWhere(
    db,
    reader,
    and(eq(notifications.documentId, row.id), eq(notifications.clientId, row.clientId), isNull(notifications.documentRequestId)),
    now,
  )
  return changed.length > 0
}

/** The client marks a document unread again. */
export async function markDocumentUnread(db: Db, id: number): Promise<void> {
  await db.update(documents).set({ isRead: false, readAt: null }).where(eq(documents.id, id))
}

/** Document types by name. */
export function listDocumentTypes(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: documentTypes.id, name: documentTypes.name }).from(documentTypes).orderBy(asc(documentTypes.name))
}

/**
 * Deletes a document record and records who did it; its file is the caller's to remove. Refused while
 * a mail request for it is open, so a client waiting for the paper original does not lose it silently.
 */
export async function deleteDocument(
  db: Db,
  id: number,
  change: { at: Date; actorUserId: number; requestId: string },
): Promise<{ kind: 'deleted'; storageKey: string | null } | { kind: 'not-found' } | { kind: 'open-request'; requestId: number }> {
  return db.transaction(async (tx) => {
    // Locked so a mail request cannot be created for it meanwhile (see documents/requests.ts).
    const [locked] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, id)).for('update')
    if (!locked) return { kind: 'not-found' as const }
    const [open] = await tx
      .select({ id: documentRequests.id })
      .from(documentRequests)
      .where(and(eq(documentRequests.documentId, id), inArray(documentRequests.status, [...OPEN_REQUEST_STATUSES])))
    if (open) return { kind: 'open-request' as const, requestId: open.id }
    const [row] = await tx.delete(documents).where(eq(documents.id, id)).returning()
    if (!row) return { kind: 'not-found' as const }
    await recordAudit(tx, {
      ...change,
      action: 'document.delete',
      entity: 'document',
      entityId: String(id),
      details: { clientId: row.clientId, fileName: row.fileName, status: row.status },
    })
    return { kind: 'deleted' as const, storageKey: row.storageKey }
  })
}
