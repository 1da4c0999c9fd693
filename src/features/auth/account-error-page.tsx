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
 * following a link or a failed page: it is told its account is fine and taken back to its dashboard.
 */
export function AccountErrorPage() {
  const queryClient = useQueryClient()
  const { data: config } = usePublicConfig()
  const home = homePath(useSession()?.user)
  const contact = config ? `contact support at ${config.supportPhone} or ${config.supportEmail}` : 'contact support'
  if (home !== '/error') {
    return (
      <>
        <PageHeader title="Something went wrong" />
        <Alert
          status="info"
          title="Your account is set up and working"
          action={
            <Link to={home} className={button({ variant: 'outline' })}>
              Go to your dashboard
            </Link>
          }
        >
          {`The page you came from could not be shown. Go back to your dashboard and try again; if it keeps happening, please ${contact}.`}
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
