import { ClientSchema } from '@contract/clients'
import { CountryListSchema } from '@contract/identity'
import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { api } from '~/lib/api-client'
import { documentRequestKeys } from './api'

/** The request form's own reads: the client's address (the form's starting point) and the countries. */

const MailingAddressSchema = v.pipe(
  ClientSchema,
  v.transform((client) => ({
    recipientName: `${client.firstName} ${client.lastName}`.trim() || client.companyName,
    address: client.address,
    city: client.city,
    stateProvince: client.stateProvince,
    zipcode: client.zipcode,
    countryId: client.country,
  })),
)
export type MailingAddress = v.InferOutput<typeof MailingAddressSchema>

/** The client's own address (GET /api/client/{id}): what the mail request form starts with. */
export const mailingAddressQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: documentRequestKeys.mailingAddress(clientId),
    queryFn: ({ signal }) => api.get(`/client/${clientId}`, { schema: MailingAddressSchema, signal }),
    staleTime: 5 * 60_000,
  })

/** GET /api/country: United States first. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: documentRequestKeys.countries(),
    queryFn: ({ signal }) => api.get('/country', { auth: false, schema: CountryListSchema, signal }),
    staleTime: 24 * 60 * 60_000,
  })
