import type { InvoiceDetail as InvoiceDetailData } from '@contract/invoices'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { ApiError, errorMessage } from '~/lib/api-client'
import { formatInvoiceDate } from '~/lib/dates'
import { useRequiredSession, userKind } from '~/lib/session'
import { PageHeader, usePageTitle } from '~/ui/page-header'
import { StatusBadge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { BackIcon, DownloadIcon, PrintIcon } from '~/ui/icons'
import { LoadError, SavedAtNote } from '~/ui/list-page'
import { Spinner, visuallyHiddenClass } from '~/ui/spinner'
import { downloadInvoicePdf, invoiceQueryOptions, invoiceStatusesQueryOptions } from './api'
import { formatMoney } from '~/lib/money'
import { FALLBACK_STATUS_LABELS, invoiceStatusLabel, invoiceStatusTone, isPayable } from './status'
import { PrintAreaStyle } from '~/ui/print-area'

const PayInvoicesDialog = lazy(() => import('./pay-invoices-dialog'))

/** Where the page lives: the client's invoice route or the provider's. */
export type InvoiceArea = 'client' | 'provider'

const listPath = { client: '/client/invoices', provider: '/provider/invoices' } as const

const toolbar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '4' })
const toolbarActions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const backLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  minH: { base: '11', lg: '6' },
  fontSize: 'sm',
  fontWeight: 'semibold',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline' },
})
const paper = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  p: { base: '4', md: '8' },
  display: 'flex',
  flexDirection: 'column',
  gap: '8',
  color: 'fg.default',
})
const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' })
const title = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', m: '0', lineHeight: 'tight' })
const parties = css({
  display: 'grid',
  gap: '6',
  gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
  // Breakpoints apply to screens only: on paper the three blocks sit side by side too.
  _print: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
})
const partyHeading = css({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: 'wide', color: 'fg.muted', m: '0', mb: '2' })
const address = css({ fontStyle: 'normal', fontSize: 'sm', lineHeight: '1.6', '& strong': { fontWeight: 'semibold' } })
const facts = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '4',
  rowGap: '1',
  fontSize: 'sm',
  m: '0',
  '& dt': { color: 'fg.muted' },
  '& dd': { m: '0', fontVariantNumeric: 'tabular-nums' },
})
const sectionHeading = css({ fontSize: 'md', fontWeight: 'semibold', m: '0', mb: '3' })
// On a phone the four columns fit the paper whole (the amounts are what the page is for): tighter cells,
// headings that may wrap, and 'Qty' for 'Quantity'.
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { py: '2.5', px: { base: '1.5', sm: '3' }, textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
  '& thead th': {
    fontSize: 'xs',
    fontWeight: 'semibold',
    textTransform: 'uppercase',
    letterSpacing: { base: 'normal', sm: 'wide' },
    color: 'fg.muted',
    bg: 'bg.subtle',
  },
  '& [data-align=end]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& td[data-align=end]': { whiteSpace: 'nowrap' },
})
// Breakpoints apply to screens only: on paper the heading is the whole word.
const shortHeading = css({ sm: { display: 'none' }, _print: { display: 'none' } })
const fullHeading = css({ srOnly: { base: true, sm: false }, _print: { srOnly: false } })
const scroll = css({ overflowX: 'auto' })
const totals = css({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  justifyContent: 'end',
  columnGap: '8',
  rowGap: '1.5',
  fontSize: 'sm',
  m: '0',
  '& dt': { color: 'fg.muted', textAlign: 'end' },
  '& dd': { m: '0', textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& [data-strong]': { fontWeight: 'bold', color: 'fg.default', fontSize: 'md' },
})
const muted = css({ color: 'fg.muted', fontSize: 'sm', m: '0' })
const centered = css({ display: 'flex', justifyContent: 'center', py: '16' })

function BackToList({ area }: { area: InvoiceArea }) {
  return (
    <Link to={listPath[area]} className={backLink}>
      <BackIcon />
      Back to invoices
    </Link>
  )
}

/** An invoice that does not exist, or belongs to another client (the server answers both alike). */
export function InvoiceNotFound({ area }: { area: InvoiceArea }) {
  return (
    <>
      <PageHeader title="Invoice not found" />
      <section className={paper} aria-label="Invoice not found">
        <p className={muted}>This invoice does not exist, or it is not one you can open.</p>
        <BackToList area={area} />
      </section>
    </>
  )
}

function cardText(brand: string | null, last4: string | null): string {
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card'
  return last4 ? `${name} ending in ${last4}` : name
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  )
}

function InvoiceSheet({ invoice, statusLabel }: { invoice: InvoiceDetailData; statusLabel: string }) {
  const { client, issuer } = invoice
  const headingId = `invoice-${invoice.id}-title`
  return (
    <article className={paper} aria-labelledby={headingId} data-print-area="">
      <header className={head}>
        <h1 id={headingId} className={title}>
          Invoice {invoice.invoiceId}
        </h1>
        <StatusBadge tone={invoiceStatusTone(invoice.status)}>{statusLabel}</StatusBadge>
      </header>

      <div className={parties}>
        <section aria-labelledby={`${headingId}-from`}>
          <h2 id={`${headingId}-from`} className={partyHeading}>
            From
          </h2>
          <address className={address}>
            {issuer.name && (
              <>
                <strong>{issuer.name}</strong>
                <br />
              </>
            )}
            {issuer.location}
            <br />
            {issuer.phone}
            <br />
            {issuer.email}
          </address>
        </section>
        <section aria-labelledby={`${headingId}-to`}>
          <h2 id={`${headingId}-to`} className={partyHeading}>
            Bill to
          </h2>
          <address className={address}>
            <strong>{client.companyName}</strong>
            <br />
            {client.firstName} {client.lastName}
            <br />
            {client.address}
            <br />
            {client.city}, {client.stateProvince} {client.zipcode}
            {client.country && (
              <>
                <br />
                {client.country}
              </>
            )}
          </address>
        </section>
        <section aria-labelledby={`${headingId}-facts`}>
          <h2 id={`${headingId}-facts`} className={partyHeading}>
            Details
          </h2>
          <dl className={facts}>
            <Fact term="Invoice #">{invoice.invoiceId}</Fact>
            <Fact term="Invoice Date">{formatInvoiceDate(invoice.invoiceDate)}</Fact>
            <Fact term="Due Date">{invoice.paidDate ? 'N/A' : formatInvoiceDate(invoice.dueDate)}</Fact>
            <Fact term="Paid Date">{invoice.paidDate ? formatInvoiceDate(invoice.paidDate) : 'Not paid'}</Fact>
            <Fact term="Status">{statusLabel}</Fact>
          </dl>
        </section>
      </div>

      <section aria-labelledby={`${headingId}-lines`}>
        <h2 id={`${headingId}-lines`} className={sectionHeading}>
          Items
        </h2>
        <div className={scroll}>
          <table className={table}>
            <caption className={visuallyHiddenClass}>Line items of invoice {invoice.invoiceId}</caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" data-align="end">
                  <span aria-hidden="true" className={shortHeading}>
                    Qty
                  </span>
                  <span className={fullHeading}>Quantity</span>
                </th>
                <th scope="col" data-align="end">
                  Unit price
                </th>
                <th scope="col" data-align="end">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.length === 0 ? (
                <tr>
                  <td colSpan={4}>No items.</td>
                </tr>
              ) : (
                invoice.lines.map((line) => (
                  <tr key={line.id}>
                    <td>{line.description}</td>
                    <td data-align="end">{line.quantity}</td>
                    <td data-align="end">{formatMoney(line.unitAmount)}</td>
                    <td data-align="end">{formatMoney(line.amount)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <dl className={totals} aria-label="Totals">
          <Fact term="Subtotal">{formatMoney(invoice.subtotal)}</Fact>
          {invoice.discount > 0 && <Fact term={invoice.couponCode ? `Discount (${invoice.couponCode})` : 'Discount'}>−{formatMoney(invoice.discount)}</Fact>}
          <dt data-strong="">Total</dt>
          <dd data-strong="">{formatMoney(invoice.total)}</dd>
          <Fact term="Amount due">{formatMoney(invoice.amountDue)}</Fact>
        </dl>
      </section>

      <section aria-labelledby={`${headingId}-payments`}>
        <h2 id={`${headingId}-payments`} className={sectionHeading}>
          Payments made
        </h2>
        {invoice.payments.length === 0 ? (
          <p className={muted}>No payments yet.</p>
        ) : (
          <div className={scroll}>
            <table className={table}>
              <caption className={visuallyHiddenClass}>Payments of invoice {invoice.invoiceId}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Card</th>
                  <th scope="col">Reference</th>
                  <th scope="col" data-align="end">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td>{formatInvoiceDate(payment.paidAt)}</td>
                    <td>{cardText(payment.cardBrand, payment.cardLast4)}</td>
                    <td>{payment.reference}</td>
                    <td data-align="end">{formatMoney(payment.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  )
}

export type InvoiceDetailPageProps = {
  invoiceId: number
  area: InvoiceArea
}

/**
 * An invoice: number, dates, company and client, line items, totals, status and payments made;
 * printable (the print stylesheet leaves the portal's frame out) and downloadable as the server's PDF.
 * A client can pay it from here while it is unpaid.
 */
export function InvoiceDetailPage({ invoiceId, area }: InvoiceDetailPageProps) {
  const session = useRequiredSession()
  const query = useQuery(invoiceQueryOptions(invoiceId))
  const labels = useQuery(invoiceStatusesQueryOptions()).data ?? FALLBACK_STATUS_LABELS
  const [downloading, setDownloading] = useState(false)
  const [paying, setPaying] = useState(false)
  const invoice = query.data
  usePageTitle(invoice ? `Invoice ${invoice.invoiceId}` : 'Invoice')

  if (query.error instanceof ApiError && query.error.status === 404) return <InvoiceNotFound area={area} />

  const canPay = invoice !== undefined && userKind(session.user) === 'client' && isPayable(invoice)

  const download = async () => {
    if (!invoice || downloading) return
    setDownloading(true)
    try {
      await downloadInvoicePdf(invoice.id)
    } catch (error) {
      // The toaster's code is needed only when something goes wrong here.
      const { notify } = await import('~/ui/toaster')
      notify.error(errorMessage(error, 'The PDF could not be downloaded. Please try again.'))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <div>
      <PrintAreaStyle />
      <div className={toolbar}>
        <BackToList area={area} />
        {invoice && (
          <div className={toolbarActions}>
            <Button variant="outline" onClick={() => window.print()}>
              <PrintIcon />
              Print
            </Button>
            <Button variant="outline" onClick={() => void download()} loading={downloading}>
              {!downloading && <DownloadIcon />}
              Download PDF
            </Button>
            {canPay && <Button onClick={() => setPaying(true)}>Pay {formatMoney(invoice.amountDue || invoice.total)}</Button>}
          </div>
        )}
      </div>
      <SavedAtNote updatedAt={query.dataUpdatedAt} hasData={invoice !== undefined} subject="this invoice" />
      {invoice ? (
        <InvoiceSheet invoice={invoice} statusLabel={invoiceStatusLabel(invoice.status, labels)} />
      ) : query.isError ? (
        <LoadError title="The invoice could not be loaded" onRetry={() => void query.refetch()}>
          {errorMessage(query.error)}
        </LoadError>
      ) : (
        <div className={centered}>
          <Spinner label="Loading the invoice" />
        </div>
      )}
      {paying && invoice && (
        <Suspense fallback={null}>
          <PayInvoicesDialog invoiceIds={[String(invoice.id)]} onClose={() => setPaying(false)} onPaid={() => setPaying(false)} />
        </Suspense>
      )}
    </div>
  )
}
