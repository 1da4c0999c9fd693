import {
  AcknowledgedSchema,
  AnnualReportFilingSchema,
  AtRiskListSchema,
  CalendarFeedSchema,
  DeadlineListSchema,
  FormationDateSchema,
} from '@contract/deadlines'
import { queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api-client'

/** Deadlines (GET /api/client/{id}/deadlines and friends); the lists are saved for offline use like the dashboard's figures. */
export const deadlineKeys = {
  all: ['deadlines'] as const,
  client: (clientId: number) => [...deadlineKeys.all, 'client', clientId] as const,
  formation: (clientId: number) => [...deadlineKeys.all, 'formation', clientId] as const,
  atRisk: () => [...deadlineKeys.all, 'at-risk'] as const,
}

export const deadlinesQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: deadlineKeys.client(clientId),
    queryFn: ({ signal }) => api.get(`/client/${clientId}/deadlines`, { schema: DeadlineListSchema, signal }),
    staleTime: 0,
  })

export const formationDateQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: deadlineKeys.formation(clientId),
    queryFn: ({ signal }) => api.get(`/client/${clientId}/formation-date`, { schema: FormationDateSchema, signal }),
  })

export const atRiskQueryOptions = () =>
  queryOptions({
    queryKey: deadlineKeys.atRisk(),
    queryFn: ({ signal }) => api.get('/deadlines/at-risk', { schema: AtRiskListSchema, signal }),
    staleTime: 0,
  })

export const markFiled = (clientId: number, year: number, filedOn: string) =>
  api.post(`/client/${clientId}/annual-reports/${year}/filed`, { filedOn }, { schema: AnnualReportFilingSchema })

export const setFormationDate = (clientId: number, formedOn: string | null) =>
  api.put(`/client/${clientId}/formation-date`, { formedOn }, { schema: FormationDateSchema })

export const createCalendarFeed = (clientId: number) => api.post(`/client/${clientId}/calendar-feed`, undefined, { schema: CalendarFeedSchema })

export const revokeCalendarFeed = (clientId: number) => api.delete(`/client/${clientId}/calendar-feed`)

export const acknowledgeDocument = (documentId: number) => api.post(`/document/${documentId}/acknowledge`, undefined, { schema: AcknowledgedSchema })
