import type { Document } from '@contract/documents'
import { MONTH_ABBREVIATIONS } from './list-params'

/*
 * Dates and sizes of the document pages, with the browser's Intl only: these pages carry a table and
 * forms already, and the date library would add about 20 KB of script to each. Everything shows on
 * the provider's clock (America/New_York), as lib/dates does.
 */

const ZONE = 'America/New_York'
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/

const dayParts = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const moment = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/** The calendar day of an instant on the provider's clock, as YYYY-MM-DD. */
function zonedYmd(at: Date): string {
  const parts = Object.fromEntries(dayParts.formatToParts(at).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/**
 * A document date as DD-MMM-YYYY ('01-May-2024'). `dateReceived` is a calendar day ('2024-05-01'),
 * shown as it is: read as a UTC instant and moved to Florida time it would show the day before.
 * Timestamps (uploadedAt, createdAt) show their day on the provider's clock.
 */
export function formatReceivedDate(value: string | null | undefined, fallback = ''): string {
  if (!value) return fallback
  let day = YMD.exec(value)
  if (!day) {
    const at = new Date(value)
    if (Number.isNaN(at.getTime())) return fallback
    day = YMD.exec(zonedYmd(at))
  }
  const month = day ? MONTH_ABBREVIATIONS[Number(day[2]) - 1] : undefined
  return day && month ? `${day[3]}-${month}-${day[1]}` : fallback
}

/** 'Nov 21, 2026, 9:05 AM EST' (timelines, saved-at notes). */
export function formatMoment(value: string | Date | null | undefined, fallback = ''): string {
  if (!value) return fallback
  const at = value instanceof Date ? value : new Date(value)
  return Number.isNaN(at.getTime()) ? fallback : moment.format(at)
}

/** Today on the provider's clock as YYYY-MM-DD: the default, and the latest, date received. */
export function todayYmd(now: Date = new Date()): string {
  return zonedYmd(now)
}

/** '1 day', '45 days'. */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/** 2.4 MB, 830 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

/** Words naming a document for labels: 'Tax Notice received 21-Nov-2026'. */
export function documentLabel(document: Pick<Document, 'documentTypeNavigation' | 'dateReceived'>): string {
  return `${document.documentTypeNavigation.name} received ${formatReceivedDate(document.dateReceived)}`
}

/** PDF and images open in the portal; TIFF only renders in a few browsers, so it is downloaded instead. */
export function opensInPortal(document: Pick<Document, 'documentBlobUrl'>): boolean {
  return document.documentBlobUrl !== 'tif'
}
