import type { QueryClient } from '@tanstack/react-query'
import { clientQueryOptions } from '~/features/clients'
import { businessEntityTypesQueryOptions, countriesQueryOptions, servicesQueryOptions } from './api'

/**
 * Route loaders of the wizard's steps (public sign-up and the provider's Add Client): the lists each
 * step offers, so the step opens with them.
 */
export function loadChooseAddress(queryClient: QueryClient) {
  return queryClient.ensureQueryData(servicesQueryOptions('address'))
}

export function loadCompanyDetails(queryClient: QueryClient) {
  return queryClient.ensureQueryData(businessEntityTypesQueryOptions())
}

export function loadPersonalInformation(queryClient: QueryClient) {
  return queryClient.ensureQueryData(countriesQueryOptions())
}

export function loadOrderSummary(queryClient: QueryClient) {
  return Promise.all([queryClient.ensureQueryData(servicesQueryOptions('address')), queryClient.ensureQueryData(servicesQueryOptions('addon'))])
}

/** A client adding a company: the order's lists, and the current company's contact the new one starts with. */
export function loadAddCompanyOrderSummary(queryClient: QueryClient, clientId: number | null) {
  return Promise.all([loadOrderSummary(queryClient), clientId == null ? null : queryClient.ensureQueryData(clientQueryOptions(clientId))])
}
