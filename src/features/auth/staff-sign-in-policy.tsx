import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { Alert } from '~/ui/alert'
import { Checkbox } from '~/ui/checkbox'
import { Panel } from '~/ui/card'
import { formStack } from '~/ui/form-styles'
import { notify } from '~/ui/toaster'
import { signInSettingsQueryOptions, useChangeSignInSettings } from './second-factor-api'

const muted = css({ m: '0', fontSize: 'sm', color: 'fg.muted' })

/**
 * A super admin's switch, on the Security page: whether staff must have a second factor (GET and PUT
 * /api/settings/sign-in; the server audits the change). Turning it on takes the super admin's own
 * factor first, so it waits for one (`ownFactor` false) rather than letting the server refuse.
 */
export function StaffSignInPolicyPanel({ ownFactor }: { ownFactor: boolean | undefined }) {
  const settings = useQuery(signInSettingsQueryOptions())
  const change = useChangeSignInSettings()
  const required = settings.data?.staffSecondFactorRequired
  const waitsForOwnFactor = required === false && ownFactor === false
  const onChange = (checked: boolean) =>
    change.mutate(
      { staffSecondFactorRequired: checked },
      {
        onSuccess: (saved) =>
          notify.success(saved.staffSecondFactorRequired ? 'Two-step sign-in is now required for staff.' : 'Two-step sign-in is no longer required for staff.'),
      },
    )
  return (
    <Panel
      title="Staff sign-in"
      description="Staff can read every client's mail. Require a second factor of them: an authenticator app or a passkey. Clients choose for themselves."
      className={css({ maxW: '40rem', mt: '6' })}
    >
      <div className={formStack}>
        {settings.isPending ? (
          <p className={muted}>Loading…</p>
        ) : settings.isError ? (
          <Alert status="danger">{errorMessage(settings.error)}</Alert>
        ) : (
          <>
            <Checkbox
              label="Require two-step sign-in for staff"
              checked={settings.data.staffSecondFactorRequired}
              disabled={change.isPending || waitsForOwnFactor}
              onCheckedChange={(checked) => onChange(checked === true)}
            />
            <p className={muted}>
              {waitsForOwnFactor
                ? 'Set up your own two-step sign-in above first, so that you are never the one shut out.'
                : 'Staff without an app or a passkey are led to set one up when they next sign in, and the staff pages stay closed to them until they have. A super admin can reset a staff member’s two-step sign-in from their page in Users.'}
            </p>
          </>
        )}
        {change.error && <Alert status="danger">{errorMessage(change.error)}</Alert>}
      </div>
    </Panel>
  )
}
