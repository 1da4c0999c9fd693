import type { Service } from '@contract/catalogue'
import type { Client } from '@contract/clients'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { clientQueryOptions } from '~/features/clients'
import { formatMoney } from '~/lib/money'
import { PageHeader } from '~/ui/page-header'
import { formatInvoiceDate } from '~/lib/dates'
import { StatusBadge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Card } from '~/ui/card'
import { EmptyState } from '~/ui/empty-state'
import { SavedAtNote } from '~/ui/list-page'
import { RadioGroup } from '~/ui/radio-group'
import { activeServiceIds, addonCatalogueQueryOptions } from './api'

// The card form (and the processor's script) loads when a purchase starts.
const BuyAddonDialog = lazy(() => import('./buy-addon-dialog'))

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } })
const cardRoot = css({ display: 'flex', flexDirection: 'column' })
const cardBody = css({ flex: '1', display: 'grid', gap: '3', alignContent: 'start' })
const price = css({ fontSize: 'xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', m: '0' })
const muted = css({ color: 'fg.muted', fontSize: 'sm', m: '0' })
const payLink = css({
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  minHeight: '11',
  display: 'inline-flex',
  alignItems: 'center',
})
const footer = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })

type Purchase = { service: Service; packageId: number }

/**
 * Client › Add-Ons: each add-on service of the catalogue with its packages and price; the ones the client
 * has are marked Active (with the date); one billed on an unpaid invoice is awaiting payment, with a link
 * to that invoice (paying it switches the add-on on); the others can be bought by card at once.
 */
export function AddonsPage({ clientId }: { clientId: number }) {
  const catalogue = useSuspenseQuery(addonCatalogueQueryOptions())
  const clientQuery = useSuspenseQuery(clientQueryOptions(clientId))
  const client = clientQuery.data
  const active = activeServiceIds(client)
  const [purchase, setPurchase] = useState<Purchase | null>(null)

  return (
    <>
      <PageHeader title="Add-Ons" description="Extra services for your company, billed once and paid by card." />
      <SavedAtNote updatedAt={Math.min(catalogue.dataUpdatedAt, clientQuery.dataUpdatedAt)} hasData subject="the add-ons" />
      {catalogue.data.length === 0 ? (
        <EmptyState title="No add-ons available" description="There are no add-on services to offer right now." />
      ) : (
        <div className={grid} role="list" aria-label="Add-ons">
          {catalogue.data.map((service) => (
            <AddonCard
              key={service.id}
              service={service}
              client={client}
              active={active.has(service.id)}
              awaiting={client.awaitingPayment?.find((line) => line.serviceId === service.id)}
              onBuy={(packageId) => setPurchase({ service, packageId })}
            />
          ))}
        </div>
      )}
      {purchase && (
        <Suspense fallback={null}>
          <BuyAddonDialog client={client} service={purchase.service} packageId={purchase.packageId} onClose={() => setPurchase(null)} />
        </Suspense>
      )}
    </>
  )
}

type AwaitingPayment = NonNullable<Client['awaitingPayment']>[number]

function AddonCard({
  service,
  client,
  active,
  awaiting,
  onBuy,
}: {
  service: Service
  client: Client
  active: boolean
  /** The unpaid invoice that bills this add-on: paying it switches the add-on on. */
  awaiting?: AwaitingPayment
  onBuy: (packageId: number) => void
}) {
  const [packageId, setPackageId] = useState(service.servicesPackages[0].id)
  const chosen = service.servicesPackages.find((p) => p.id === packageId) ?? service.servicesPackages[0]
  const since = client.clientServices.find((s) => s.service.id === service.id && s.active)
  return (
    <Card.Root className={cardRoot} role="listitem" aria-label={service.name}>
      <Card.Header>
        <Card.Title>{service.name}</Card.Title>
        <Card.Description>{service.description}</Card.Description>
      </Card.Header>
      <Card.Body className={cardBody}>
        {active ? (
          <p className={muted}>
            {since?.servicePackage?.name ?? 'Subscribed'}
            {since && ` · since ${formatInvoiceDate(since.createdAt)}`}
          </p>
        ) : service.servicesPackages.length > 1 ? (
          <RadioGroup
            label="Package"
            orientation="vertical"
            value={String(packageId)}
            onValueChange={(value) => setPackageId(Number(value))}
            options={service.servicesPackages.map((p) => ({ value: String(p.id), label: `${p.name}: ${formatMoney(p.amount)}` }))}
          />
        ) : (
          <p className={muted}>
            {chosen.name}
            {chosen.description && ` · ${chosen.description}`}
          </p>
        )}
      </Card.Body>
      <Card.Footer className={footer}>
        {active ? (
          <StatusBadge tone="success">Active</StatusBadge>
        ) : awaiting ? (
          <>
            <StatusBadge tone="warning">Awaiting payment</StatusBadge>
            <Link to="/client/invoices/$id" params={{ id: String(awaiting.invoiceId) }} className={payLink}>
              Pay invoice {awaiting.invoiceNumber}
            </Link>
          </>
        ) : (
          <>
            <p className={price}>{formatMoney(chosen.amount)}</p>
            <Button onClick={() => onBuy(chosen.id)} aria-label={`Buy ${service.name}`}>
              Buy
            </Button>
          </>
        )}
      </Card.Footer>
    </Card.Root>
  )
}
