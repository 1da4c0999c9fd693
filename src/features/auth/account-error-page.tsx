import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { button } from 'styled-system/recipes'
import { usePublicConfig } from '~/lib/public-config'
import { homePath, useSession } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { signOut } from './sign-out'

/**
 * /error. For an account that is neither a client's nor the provider's there is no dashboard to show:
 * says so, gives the support contacts and a way out. An account that is set up only lands here by
 * opening the address itself (nothing in the portal sends it here): nothing went wrong, so the page says
 * the account is fine and leads back to its dashboard.
 */
export function AccountErrorPage() {
  const queryClient = useQueryClient()
  const { data: config } = usePublicConfig()
  const home = homePath(useSession()?.user)
  const contact = config ? `contact support at ${config.supportPhone} or ${config.supportEmail}` : 'contact support'
  if (home !== '/error') {
    return (
      <>
        <PageHeader title="Your account is set up" />
        <Alert
          status="info"
          title="There is nothing to fix here"
          action={
            <Link to={home} className={button({ variant: 'outline' })}>
              Go to your dashboard
            </Link>
          }
        >
          {`This page is for accounts that are not linked to a company or to the provider's staff yet. Yours is, so carry on from your dashboard. If a link keeps bringing you here, please ${contact}.`}
        </Alert>
      </>
    )
  }
  return (
    <>
      <PageHeader title="Your account is not set up yet" />
      <Alert
        status="warning"
        title="This account is not linked to a company or to the provider's staff"
        action={
          <Button variant="outline" onClick={() => void signOut(queryClient)}>
            Log Out
          </Button>
        }
      >
        {`Please ${contact} to finish setting it up.`}
      </Alert>
    </>
  )
}
