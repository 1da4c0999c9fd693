import {
  AcknowledgedSchema,
  AnnualReportFilingSchema,
  AtRiskListSchema,
  CalendarFeedSchema,
  DeadlineListSchema,
  FormationDateSchema,
  ResponseDueSchema,
} from '../../../contract/deadlines'
import { describeRoutes } from '../describe'

/** Deadlines: annual reports, dissolution, answers to a service of process, and the calendar feed. */
export const deadlineDocs = describeRoutes('Deadlines', {
  'GET /api/client/{id}/deadlines': {
    summary: 'A client’s deadlines (annual reports, answers to a service of process)',
    answers: { 200: DeadlineListSchema },
  },
  'GET /api/client/{id}/formation-date': {
    summary: 'A client’s date of formation (or registration in Florida)',
    answers: { 200: FormationDateSchema },
  },
  'PUT /api/client/{id}/formation-date': {
    summary: 'Sets or clears a client’s date of formation',
    bodyExample: { formedOn: '2019-03-14' },
    answers: { 200: FormationDateSchema },
  },
  'POST /api/client/{id}/annual-reports/{year}/filed': {
    summary: 'Marks a year’s annual report filed with the state',
    bodyExample: { filedOn: '2026-02-10' },
    answers: { 200: AnnualReportFilingSchema },
    errors: { 422: 'The entity files no annual report, or the year or the day filed is not possible' },
  },
  'DELETE /api/client/{id}/annual-reports/{year}/filed': {
    summary: 'Takes back the mark that a year’s annual report was filed',
    answers: { 204: { empty: 'Unmarked' } },
  },
  'POST /api/document/{id}/acknowledge': {
    summary: 'A client user acknowledges a service of process (its repeated alerts stop)',
    answers: { 200: AcknowledgedSchema },
    errors: { 422: 'The document is not a service of process' },
  },
  'PATCH /api/document/{id}/response-due': {
    summary: 'Staff correct the estimated answer date of a service of process',
    answers: { 200: ResponseDueSchema },
    errors: { 422: 'Not a service of process, or a date before the day it was received' },
  },
  'GET /api/deadlines/at-risk': {
    summary: 'Every client’s deadlines that are late, due within 14 days, or not acknowledged',
    answers: { 200: AtRiskListSchema },
  },
  'POST /api/client/{id}/calendar-feed': {
    summary: 'A new secret calendar address for a client’s deadlines (the earlier one stops working)',
    answers: { 201: CalendarFeedSchema },
  },
  'DELETE /api/client/{id}/calendar-feed': {
    summary: 'Ends a client’s calendar address',
    answers: { 204: { empty: 'Ended' } },
  },
  'GET /api/calendar/{file}': {
    summary: 'The calendar feed itself (iCalendar), read by calendar apps; the address is the secret',
    answers: { 200: { media: 'text/calendar', description: 'The client’s deadlines as iCalendar events' } },
  },
})
