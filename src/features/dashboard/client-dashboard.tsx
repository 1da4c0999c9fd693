import { css } from 'styled-system/css'
import { useRequiredSession } from '~/lib/session'
import { PageHeader } from '~/features/shell'
import { Alert } from '~/ui/alert'
import { QuickLinks, type QuickLink } from './quick-links'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '6' })

const links: QuickLink[] = [
  { to: '/client/documents', title: 'Documents List', description: 'Scanned mail and legal documents received for your company.' },
  { to: '/client/invoices', title: 'Invoices', description: 'See what is due and pay by card.' },
  { to: '/client/requested-documents', title: 'Requested Documents', description: 'Follow documents you asked us to mail to you.' },
  { to: '/client/addons', title: 'Add-Ons', description: 'Add services such as mail forwarding to your plan.' },
  { to: '/client/support', title: 'Support', description: 'Send us a message or find our contacts.' },
]

/** The client's home: who is signed in for which company, the 60-day notice, and shortcuts. */
export function ClientDashboard() {
  const { user } = useRequiredSession()
  const greeting = user.firstName ? `Welcome back, ${user.firstName}` : 'Welcome back'
  return (
    <>
      <PageHeader title="Dashboard" description={user.companyName ? `${greeting} · ${user.companyName}` : greeting} />
      <div className={stack}>
        <Alert status="info" title="Documents are kept for 60 days">
          You can ask us to mail a document to you within 60 days of its upload. After that it is shredded.
        </Alert>
        <QuickLinks label="Your account" links={links} />
      </div>
    </>
  )
}
