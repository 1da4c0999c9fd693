import * as v from 'valibot'
import { calendarDay } from './common'

/**
 * Deadlines (docs/deadlines.md): GET /api/client/{id}/deadlines, the formation date, annual reports
 * marked filed, the service-of-process acknowledgment, the staff list of deadlines at risk and the
 * calendar feed.
 */

export const DEADLINE_KINDS = ['annual-report', 'dissolution', 'service-of-process'] as const
export type DeadlineKind = (typeof DEADLINE_KINDS)[number]

export const DEADLINE_STATUSES = ['upcoming', 'due-soon', 'late', 'done'] as const
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number]

export const DeadlineSchema = v.object({
  kind: v.picklist(DEADLINE_KINDS),
  title: v.string(),
  /** YYYY-MM-DD on the provider's clock (America/New_York). */
  dueDate: v.string(),
  status: v.picklist(DEADLINE_STATUSES),
  /** The state's fee in dollars (annual report), when known. */
  fee: v.optional(v.number()),
  /** The late fee in dollars added after the due date (annual report; 0 for not-for-profits). */
  lateFee: v.optional(v.number()),
  /** The service of process the deadline is about. */
  documentId: v.optional(v.number()),
  /** Annual report: the report's year, and the day it was filed once marked. */
  year: v.optional(v.number()),
  filedOn: v.optional(v.string()),
  /** Service of process: an estimate, to confirm with an attorney (false once staff corrected it). */
  estimate: v.optional(v.boolean()),
  /** Service of process: a client user acknowledged it (its alerts have stopped). */
  acknowledged: v.optional(v.boolean()),
})
export type Deadline = v.InferOutput<typeof DeadlineSchema>

export const DeadlineListSchema = v.object({ data: v.array(DeadlineSchema) })
export type DeadlineList = v.InferOutput<typeof DeadlineListSchema>

const day = (label: string) =>
  calendarDay({ pattern: `${label} must be a date as YYYY-MM-DD`, calendar: (issue) => `${label} ${String(issue.input)} is not a valid date` })

/** GET and PUT /api/client/{id}/formation-date: the date of formation or registration in Florida. */
export const FormationDateSchema = v.object({ formedOn: v.nullable(v.string()) })
export const FormationDateBodySchema = v.object({ formedOn: v.nullable(day('Date of formation')) })

/** POST /api/client/{id}/annual-reports/{year}/filed: the day the report was filed with the state. */
export const AnnualReportFiledBodySchema = v.object({ filedOn: day('Date filed') })
export const AnnualReportParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'must be a client id'), v.transform(Number)),
  year: v.pipe(v.string(), v.regex(/^(19|20)\d{2}$/, 'must be a year such as 2026'), v.transform(Number)),
})
export const AnnualReportFilingSchema = v.object({ year: v.number(), filedOn: v.string(), markedVia: v.picklist(['client', 'staff', 'addon']) })
export type AnnualReportFiling = v.InferOutput<typeof AnnualReportFilingSchema>

/** PATCH /api/document/{id}/response-due (staff): correct the estimated answer date. */
export const ResponseDueBodySchema = v.object({ responseDueDate: day('Answer date') })
/** Its answer: the corrected date, no longer an estimate. */
export const ResponseDueSchema = v.object({ documentId: v.number(), responseDueDate: v.string(), responseDueEstimate: v.literal(false) })

/** POST /api/document/{id}/acknowledge (a client user): the service of process has been seen and handed on. */
export const AcknowledgedSchema = v.object({ documentId: v.number(), acknowledgedAt: v.string() })

/** GET /api/deadlines/at-risk (staff): every client's deadlines that are late, due within 14 days, or not acknowledged. */
export const AtRiskDeadlineSchema = v.object({
  ...DeadlineSchema.entries,
  clientId: v.number(),
  companyName: v.string(),
  /** Why it is listed. */
  reason: v.picklist(['late', 'due-soon', 'not-acknowledged']),
})
export type AtRiskDeadline = v.InferOutput<typeof AtRiskDeadlineSchema>
export const AtRiskListSchema = v.object({ data: v.array(AtRiskDeadlineSchema), total: v.number() })
export type AtRiskList = v.InferOutput<typeof AtRiskListSchema>

/** POST /api/client/{id}/calendar-feed: the secret address a calendar app reads (a new one each time). */
export const CalendarFeedSchema = v.object({ url: v.string() })
export type CalendarFeed = v.InferOutput<typeof CalendarFeedSchema>
