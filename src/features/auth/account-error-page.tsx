import { useQueryClient } from '@tanstack/react-query'
import { usePublicConfig } from '~/lib/public-config'
import { PageHeader } from '~/ui/page-header'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { signOut } from './sign-out'

/**
 * /error: the signed-in account is neither a client's nor the provider's, so there
 * is no dashboard to show. Says so, gives the support contacts and a way out.
 */
export function AccountErrorPage() {
  const queryClient = useQueryClient()
  const { data: config } = usePublicConfig()
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
        {config
          ? `Please contact support at ${config.supportPhone} or ${config.supportEmail} to finish setting it up.`
          : 'Please contact support to finish setting it up.'}
      </Alert>
    </>
  )
}
