import { DateTime } from 'luxon'
import { DOCUMENT_RETENTION_DAYS } from '../../contract/documents'

const DAY_MS = 24 * 60 * 60 * 1000
export const RETENTION_MS = DOCUMENT_RETENTION_DAYS * DAY_MS

/** When a document's 60 days end: after this it can no longer be requested and the shred job takes it. */
export const shredDueAt = (uploadedAt: Date) => new Date(uploadedAt.getTime() + RETENTION_MS)

/** Documents uploaded before this instant are past their 60 days. */
export const retentionCutoff = (now: Date) => new Date(now.getTime() - RETENTION_MS)

export const withinRequestWindow = (uploadedAt: Date, now: Date) => now.getTime() < shredDueAt(uploadedAt).getTime()

/** Whole days left before shredding, counting a started day: 60 on upload day, 1 on the last day. */
export function daysLeft(uploadedAt: Date, status: string, now: Date): number {
  if (status !== 'active') return 0
  const left = shredDueAt(uploadedAt).getTime() - now.getTime()
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS)
}

/**
 * The next instant after `now` at which a document's days left change (and, on the last, whether it can
 * still be requested); null for a document whose days left stay 0.
 */
export function daysLeftChangeAt(uploadedAt: Date, status: string, now: Date): number | null {
  const left = daysLeft(uploadedAt, status, now)
  return left === 0 ? null : shredDueAt(uploadedAt).getTime() - (left - 1) * DAY_MS
}

/** Dates in messages read as the documents table shows them: DD-MMM-YYYY in America/New_York. */
export const displayDate = (at: Date) => DateTime.fromJSDate(at).setZone('America/New_York').toFormat('dd-LLL-yyyy')

/** A YYYY-MM-DD date shown as DD-MMM-YYYY. */
export const displayDay = (ymd: string) => DateTime.fromISO(ymd, { zone: 'utc' }).toFormat('dd-LLL-yyyy')

/** Today's date in Florida, YYYY-MM-DD. */
export const todayInFlorida = (now: Date) => DateTime.fromJSDate(now).setZone('America/New_York').toISODate() as string
