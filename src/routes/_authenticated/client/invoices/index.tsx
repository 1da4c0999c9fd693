import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { InvoicesPage } from '~/features/invoices/invoices-view'
import { ownInvoiceListLoader } from '~/features/invoices/loaders'
import { InvoiceListSearchSchema, listStateFromSearch, nextInvoiceListSearch } from '~/features/invoices/routing'
import { useRequiredSession } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import { Spinner } from '~/ui/spinner'
import { Tabs } from '~/ui/tabs'

// Saved cards, auto-pay and statements load only when their tab is opened.
const PaymentMethodsPanel = lazy(() => import('~/features/payments/billing-panels').then((m) => ({ default: m.PaymentMethodsPanel })))
const StatementsPanel = lazy(() => import('~/features/payments/billing-panels').then((m) => ({ default: m.StatementsPanel })))

const TABS = ['invoices', 'payment-methods', 'statements'] as const
type Tab = (typeof TABS)[number]

/** The list's search, and the open tab (`?tab=statements`; the invoices list when absent or unknown). */
const ClientInvoicesSearchSchema = v.object({
  ...InvoiceListSearchSchema.entries,
  tab: v.fallback(v.optional(v.picklist(TABS.filter((tab) => tab !== 'invoices'))), undefined),
})

/**
 * The signed-in client's invoices, saved cards and statements; the open tab and the list's paging,
 * sorting and filters live in the URL, so a reload or the back button keeps them.
 */
export const Route = createFileRoute('/_authenticated/client/invoices/')({
  validateSearch: ClientInvoicesSearchSchema,
  // The tab does not change what the list loads.
  loaderDeps: ({ search: { tab: _tab, ...list } }) => list,
  loader: ownInvoiceListLoader,
  component: ClientInvoicesPage,
})

function ClientInvoicesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const clientId = useRequiredSession().user.clientId
  const tab: Tab = search.tab ?? 'invoices'
  const openTab = (next: Tab) => void navigate({ search: (previous) => ({ ...previous, tab: next === 'invoices' ? undefined : next }) })
  return (
    <Tabs.Root value={tab} onValueChange={(details) => openTab(details.value as Tab)} unmountOnExit>
      <Tabs.List aria-label="Billing">
        <Tabs.Trigger value="invoices">Invoices</Tabs.Trigger>
        <Tabs.Trigger value="payment-methods">Payment methods</Tabs.Trigger>
        <Tabs.Trigger value="statements">Statements</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="invoices">
        <InvoicesPage
          state={listStateFromSearch(search)}
          onStateChange={(patch) => void navigate({ search: (previous) => nextInvoiceListSearch(previous, patch), replace: true })}
        />
      </Tabs.Content>
      {clientId != null && (
        <>
          <Tabs.Content value="payment-methods" className={css({ pt: '4' })}>
            <PageHeader title="Payment methods" description="Your saved cards and auto-pay." />
            <Suspense fallback={<Spinner label="Loading" />}>
              <PaymentMethodsPanel clientId={clientId} />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="statements" className={css({ pt: '4' })}>
            <PageHeader title="Statements" description="Your account for a period, as a PDF." />
            <Suspense fallback={<Spinner label="Loading" />}>
              <StatementsPanel clientId={clientId} />
            </Suspense>
          </Tabs.Content>
        </>
      )}
    </Tabs.Root>
  )
}
