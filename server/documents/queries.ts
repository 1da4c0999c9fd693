import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import { JURISDICTIONS, type Document, type DocumentFileType } from '../../contract/documents'
import type { Db, Tx } from '../db/client'
import { clients, documentRequests, documents, documentTypes } from '../db/schema'
import { downloadFileName } from './naming'
import { daysLeft, shredDueAt, withinRequestWindow } from './retention'
import { fileTypeOf } from './sniff'

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
  openRequestId: documentRequests.id,
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
  openRequestId: number | null
}

/** Documents with their client, type and open mail request (at most one, by a unique index). */
export function selectDocuments(db: Db | Tx) {
  return db
    .select(documentColumns)
    .from(documents)
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .leftJoin(documentRequests, and(eq(documentRequests.documentId, documents.id), inArray(documentRequests.status, [1, 2])))
}

export async function findDocument(db: Db | Tx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await selectDocuments(db).where(eq(documents.id, id))
  return row
}

export const fileTypeOfRow = (row: Pick<DocumentRow, 'contentType'>): DocumentFileType => fileTypeOf(row.contentType)

export const downloadNameOf = (row: DocumentRow) => downloadFileName(row.companyName, row.typeName, row.dateReceived, fileTypeOfRow(row))

export function toDocument(row: DocumentRow, now: Date, options: { withClient?: boolean } = {}): Document {
  const active = row.status === 'active'
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
    shredDate: (row.shreddedAt ?? shredDueAt(row.uploadedAt)).toISOString(),
    shreddedAt: row.shreddedAt?.toISOString() ?? null,
    daysLeft: daysLeft(row.uploadedAt, row.status, now),
    canRequest: active && row.openRequestId == null && withinRequestWindow(row.uploadedAt, now),
    openRequestId: row.openRequestId,
  }
}

export interface DocumentFilters {
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

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function documentConditions(filters: DocumentFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (filters.clientId !== undefined) conditions.push(eq(documents.clientId, filters.clientId))
  if (filters.documentTypeId !== undefined) conditions.push(eq(documents.documentTypeId, filters.documentTypeId))
  if (filters.jurisdiction !== undefined) conditions.push(eq(documents.jurisdiction, filters.jurisdiction))
  if (filters.isRead !== undefined) conditions.push(eq(documents.isRead, filters.isRead))
  if (filters.status !== undefined) conditions.push(eq(documents.status, filters.status))
  if (filters.receivedFrom) conditions.push(gte(documents.dateReceived, filters.receivedFrom))
  if (filters.receivedTo) conditions.push(lte(documents.dateReceived, filters.receivedTo))
  const q = filters.q?.trim()
  if (q) {
    const pattern = likePattern(q)
    const jurisdiction = JURISDICTIONS.find((j) => j.name.toLowerCase() === q.toLowerCase())
    conditions.push(
      or(
        ilike(documentTypes.name, pattern),
        ilike(documents.fileName, pattern),
        filters.searchCompany ? ilike(clients.companyName, pattern) : undefined,
        jurisdiction ? eq(documents.jurisdiction, jurisdiction.id) : undefined,
      ),
    )
  }
  return and(...conditions)
}

/** Dates sort newest first unless asked otherwise; names and codes sort A to Z. */
export function documentOrder(sort: string | undefined, requested: 'asc' | 'desc' | undefined): SQL[] {
  const order = requested ?? (sort && ['type', 'company', 'jurisdiction', 'status', 'daysLeft', 'isRead'].includes(sort) ? 'asc' : 'desc')
  const dir = order === 'asc' ? asc : desc
  switch (sort) {
    case 'dateReceived':
      return [dir(documents.dateReceived), dir(documents.id)]
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
        order === 'asc' ? asc(sql`case when ${documents.status} = 'active' then 1 else 0 end`) : desc(sql`case when ${documents.status} = 'active' then 1 else 0 end`),
        dir(documents.uploadedAt),
        dir(documents.id),
      ]
    default:
      return [dir(documents.uploadedAt), dir(documents.id)]
  }
}

/** One page of documents and the total matching the filters. */
export async function listDocuments(
  db: Db,
  filters: DocumentFilters,
  paging: { page: number; pageSize: number; sort?: string; order?: 'asc' | 'desc' },
) {
  const where = documentConditions(filters)
  const rows = await selectDocuments(db)
    .where(where)
    .orderBy(...documentOrder(paging.sort, paging.order))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(documents)
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .where(where)
  return { rows: rows as DocumentRow[], total: Number(total) }
}
