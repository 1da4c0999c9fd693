import { ServiceListSchema, type Service, type ServicePackage } from '@contract/catalogue'
import { SubscribeResultSchema, type Client } from '@contract/clients'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { clientKeys } from '~/features/clients'
import { invoiceKeys } from '~/features/invoices/api'
import { api } from '~/lib/api-client'
import { savedCardKeys } from '~/features/payments/saved-cards'

/**
 * The add-on calls: the catalogue's add-on services (GET /api/services?kind=addon) and buying one
 * (POST /api/client/services/packages/subscribe). What the client already has comes from its profile
 * (GET /api/client/{id}, clientServices). Keys come only from `addonKeys` and the features named.
 */
export const addonKeys = {
  all: ['addons'] as const,
  catalogue: () => [...addonKeys.all, 'catalogue'] as const,
}

export const addonCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: addonKeys.catalogue(),
    queryFn: ({ signal }) => api.get('/services', { query: { kind: 'addon' }, schema: ServiceListSchema, auth: false, signal }),
    staleTime: 5 * 60_000,
  })

/** The ids of the services the client has now (an active subscription to an active service). */
export function activeServiceIds(client: Client): Set<number> {
  return new Set(client.clientServices.filter((s) => s.active && s.service.active).map((s) => s.service.id))
}

/** A fresh Idempotency-Key for one purchase submit. */
export function newPurchaseKey(): string {
  return `addon-${crypto.randomUUID()}`
}

export interface BuyAddonInput {
  service: Service
  servicePackage: ServicePackage
  /** The hosted fields' one-time token; or `paymentMethodId`, a saved card. */
  token?: string
  paymentMethodId?: number
  /** Keep the token's card on file. */
  saveCard?: boolean
  idempotencyKey: string
}

/**
 * Buys one add-on package for the signed-in client, charged at once. The price shown is sent along, so
 * a changed price is refused (409) rather than charged. On success the add-on is marked active in the
 * cached profile at once, then the profile and the invoice lists are read again. Never queued.
 */
export function useBuyAddon(clientId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ service, servicePackage, token, paymentMethodId, saveCard, idempotencyKey }: BuyAddonInput) =>
      api.post(
        '/client/services/packages/subscribe',
        {
          serviceSubscriptions: [{ serviceId: service.id, servicePackageId: servicePackage.id, servicePackageAmount: servicePackage.amount }],
          ...(paymentMethodId !== undefined ? { paymentMethodId } : { affinipayPaymentDetails: { token }, ...(saveCard ? { saveCard } : {}) }),
        },
        { schema: SubscribeResultSchema, headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    networkMode: 'always',
    onSuccess: (result, { service, servicePackage }) => {
      queryClient.setQueryData(
        clientKeys.detail(clientId),
        (client: Client | undefined) =>
          client && {
            ...client,
            clientServices: [
              ...client.clientServices,
              ...result.clientServices.map((row) => ({
                id: row.id,
                active: true,
                createdAt: new Date().toISOString(),
                service: { id: service.id, name: service.name, active: service.active, kind: service.kind },
                servicePackage: { id: servicePackage.id, name: servicePackage.name, amount: servicePackage.amount },
              })),
            ],
          },
      )
      void queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) })
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: savedCardKeys.all })
    },
  })
}
