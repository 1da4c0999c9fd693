import type { Client } from '@contract/clients'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { PageHeader } from '~/ui/page-header'
import { StatusBadge } from '~/ui/badge'
import { Panel } from '~/ui/card'
import { ChevronLeftIcon } from '~/ui/icons'
import { Button } from '~/ui/button'
import { Spinner } from '~/ui/spinner'
import { usePermission } from '~/lib/permissions'
import { Tabs } from '~/ui/tabs'
import { clientQueryOptions } from './api'
import { formatInvoiceDate } from '~/lib/dates'
import { formatPhone, registeredAgentText, yesNo } from './format'
import { CLIENT_PROFILE_TABS, type ClientProfileTab } from './routing'
import { ClientMailSettings } from './mail-settings'
import { useCompanyRole } from '~/features/companies/api'
import { roleOpens } from '~/features/companies/roles'

// The tabs' lists (and their tables, dialogs and card form) load only when their tab is opened.
const InvoicesPanel = lazy(() => import('~/features/invoices').then((m) => ({ default: m.InvoicesPanel })))
const DocumentsPanel = lazy(() => import('~/features/documents').then((m) => ({ default: m.DocumentsPanel })))
const DeadlinesPanel = lazy(() => import('~/features/deadlines').then((m) => ({ default: m.DeadlinesPanel })))

// The edit dialogs (and their form library) load on the first click of an edit button.
const TeamPanel = lazy(() => import('~/features/companies/team-panel').then((m) => ({ default: m.TeamPanel })))
const EditPersonalInfoDialog = lazy(() => import('./edit-profile-dialogs').then((m) => ({ default: m.EditPersonalInfoDialog })))
const EditCompanyInfoDialog = lazy(() => import('./edit-profile-dialogs').then((m) => ({ default: m.EditCompanyInfoDialog })))
const AssignMailboxDialog = lazy(() => import('./assign-mailbox-dialog').then((m) => ({ default: m.AssignMailboxDialog })))
const CoverSheetDialog = lazy(() => import('./cover-sheet-dialog').then((m) => ({ default: m.CoverSheetDialog })))

const TAB_LABELS: Record<ClientProfileTab, string> = { basic: 'Basic', invoices: 'Invoices', documents: 'Documents' }

const grid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } })
const list = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'minmax(9rem, auto) 1fr' },
  columnGap: '6',
  rowGap: { base: '1', sm: '3' },
  m: '0',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted', fontWeight: 'medium' },
  '& dd': { m: '0', mb: { base: '2', sm: '0' }, overflowWrap: 'anywhere' },
})
const plainList = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '2', fontSize: 'sm' })
const serviceRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const muted = css({ color: 'fg.muted' })
const backLink = css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm', mb: '3' })

function Value({ children }: { children: ReactNode }) {
  return <dd>{children === null || children === undefined || children === '' ? <span className={muted}>Not given</span> : children}</dd>
}

type EditingDialog = 'personal' | 'company' | 'mailbox' | 'cover-sheet' | null
const mailboxValue = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })

/**
 * The Client entity: company, contact and address, sign-in users and services.
 * Shared by the provider's client profile (Basic tab) and the client's own profile. With `editable`,
 * the company and contact panels carry their edit buttons; `forStaff` offers the mailbox's cover sheet.
 */
export function ClientBasicInfo({
  client,
  editable = false,
  canAssignMailbox = false,
  forStaff = false,
}: {
  client: Client
  editable?: boolean
  canAssignMailbox?: boolean
  forStaff?: boolean
}) {
  const [editing, setEditing] = useState<EditingDialog>(null)
  const close = () => setEditing(null)
  return (
    <div className={grid}>
      {editing && (
        <Suspense fallback={null}>
          {editing === 'personal' ? (
            <EditPersonalInfoDialog client={client} onClose={close} />
          ) : editing === 'mailbox' ? (
            <AssignMailboxDialog client={client} onClose={close} />
          ) : editing === 'cover-sheet' ? (
            <CoverSheetDialog client={client} onClose={close} />
          ) : (
            <EditCompanyInfoDialog client={client} onClose={close} />
          )}
        </Suspense>
      )}
      <Panel
        title="Company"
        footer={
          editable ? (
            <Button variant="outline" size="sm" onClick={() => setEditing('company')}>
              Edit company info
            </Button>
          ) : undefined
        }
      >
        <dl className={list}>
          <dt>Company Name</dt>
          <Value>{client.companyName}</Value>
          <dt>Business Entity Type</dt>
          <Value>{client.businessTypeName}</Value>
          <dt>Notify Attorney</dt>
          <Value>{yesNo(client.notifyAttorney)}</Value>
          {client.notifyAttorney && (
            <>
              <dt>Attorney E-mail</dt>
              <Value>{client.attorneyEmail}</Value>
            </>
          )}
          <dt>Hire Us as Registered Agent</dt>
          <Value>{registeredAgentText(client.changeAgent, client.clientServices)}</Value>
          <dt>Use Agent Address</dt>
          <Value>{yesNo(client.useAgentAddress)}</Value>
          <dt>Mailbox</dt>
          <dd>
            <span className={mailboxValue}>
              {client.hasMailbox ? (client.mailboxNumber ?? 'Yes') : 'None'}
              {canAssignMailbox && (
                <Button variant="outline" size="sm" onClick={() => setEditing('mailbox')}>
                  {client.hasMailbox && client.mailboxNumber ? 'Change mailbox' : 'Assign mailbox'}
                </Button>
              )}
              {forStaff && client.hasMailbox && client.mailboxNumber && (
                <Button variant="outline" size="sm" onClick={() => setEditing('cover-sheet')}>
                  Cover sheet
                </Button>
              )}
            </span>
          </dd>
          <dt>Affiliate Code</dt>
          <Value>{client.clientAffiliate?.code}</Value>
          <dt>Lead Generated By</dt>
          <Value>{client.leadGeneratedBy}</Value>
          <dt>Client Since</dt>
          <Value>{formatInvoiceDate(client.createdAt)}</Value>
        </dl>
      </Panel>
      <Panel
        title="Contact and address"
        footer={
          editable ? (
            <Button variant="outline" size="sm" onClick={() => setEditing('personal')}>
              Edit personal info
            </Button>
          ) : undefined
        }
      >
        <dl className={list}>
          <dt>First Name</dt>
          <Value>{client.firstName}</Value>
          <dt>Last Name</dt>
          <Value>{client.lastName}</Value>
          <dt>Phone</dt>
          <Value>{client.phone ? <a href={`tel:${client.phone}`}>{formatPhone(client.phone)}</a> : null}</Value>
          <dt>Address</dt>
          <Value>{client.address}</Value>
          <dt>City</dt>
          <Value>{client.city}</Value>
          <dt>State</dt>
          <Value>{client.stateProvince}</Value>
          <dt>Postal/Zip Code</dt>
          <Value>{client.zipcode}</Value>
          <dt>Country</dt>
          <Value>{client.countryName}</Value>
        </dl>
      </Panel>
      <Panel title="Sign-in users">
        {client.users.length === 0 ? (
          <p className={muted}>No users.</p>
        ) : (
          <ul className={plainList}>
            {client.users.map((user) => (
              <li key={user.id} className={serviceRow}>
                <span>
                  {`${user.firstName} ${user.lastName}`.trim() || user.email} · <a href={`mailto:${user.email}`}>{user.email}</a>
                </span>
                {!user.active ? <StatusBadge tone="neutral">Inactive</StatusBadge> : user.invited && <StatusBadge tone="info">Invitation sent</StatusBadge>}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Services">
        {client.clientServices.length === 0 ? (
          <p className={muted}>No services.</p>
        ) : (
          <ul className={plainList}>
            {client.clientServices.map((subscription) => (
              <li key={subscription.id} className={serviceRow}>
                <span>
                  {subscription.service.name}
                  {subscription.servicePackage && <span className={muted}> · {subscription.servicePackage.name}</span>}
                </span>
                <StatusBadge tone={subscription.active && subscription.service.active ? 'success' : 'neutral'}>
                  {subscription.active && subscription.service.active ? 'Active' : 'Inactive'}
                </StatusBadge>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  )
}

function TabFallback() {
  return <Spinner label="Loading" />
}

const deadlinesGap = css({ mt: '6' })

export type ProviderClientProfileProps = {
  clientId: number
  tab: ClientProfileTab
  onTabChange: (tab: ClientProfileTab) => void
}

/** Provider › Clients › a client: tabs Basic, Invoices and Documents, the tab kept in the URL (?tab=). */
export function ProviderClientProfile({ clientId, tab, onTabChange }: ProviderClientProfileProps) {
  const client = useSuspenseQuery(clientQueryOptions(clientId)).data
  const canEdit = usePermission('PCE')
  return (
    <>
      <Link to="/provider/clients" className={backLink}>
        <ChevronLeftIcon aria-hidden="true" /> Clients
      </Link>
      <PageHeader title={client.companyName} description={`${client.firstName} ${client.lastName} · client since ${formatInvoiceDate(client.createdAt)}`} />
      <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value as ClientProfileTab)}>
        <Tabs.List aria-label="Client profile">
          {CLIENT_PROFILE_TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="basic">
          <ClientBasicInfo client={client} editable={canEdit} canAssignMailbox={canEdit} forStaff />
          <ClientMailSettings clientId={client.id} canEdit={canEdit} defaultCountryId={client.country} />
          <div className={deadlinesGap}>
            <Suspense fallback={<TabFallback />}>
              <DeadlinesPanel clientId={client.id} canAct={canEdit} limit={10} calendar={false} />
            </Suspense>
          </div>
          <div className={deadlinesGap}>
            <Suspense fallback={<TabFallback />}>
              <TeamPanel clientId={client.id} canEdit={canEdit} />
            </Suspense>
          </div>
        </Tabs.Content>
        <Tabs.Content value="invoices">
          <Suspense fallback={<TabFallback />}>
            <InvoicesPanel clientId={client.id} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="documents">
          <Suspense fallback={<TabFallback />}>
            <DocumentsPanel clientId={client.id} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </>
  )
}

/** Client › Profile: the signed-in client's own company and contact details, how its mail is handled and its address book. */
export function OwnClientProfile({ clientId }: { clientId: number }) {
  const client = useSuspenseQuery(clientQueryOptions(clientId)).data
  // Changing the profile is an owner's (a member or billing person reads it).
  const editable = roleOpens(useCompanyRole(), 'account')
  return (
    <>
      <PageHeader title="Profile" description={client.companyName} />
      <ClientBasicInfo client={client} editable={editable} />
      <ClientMailSettings clientId={client.id} canEdit={editable} defaultCountryId={client.country} />
    </>
  )
}
