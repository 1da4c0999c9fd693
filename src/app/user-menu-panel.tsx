import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { InstallOffer } from '~/lib/install'
import { css } from 'styled-system/css'
import { useRequiredSession, userKind } from '~/lib/session'
import { displayName } from './display-name'
import { DownloadIcon } from '~/ui/icons'
import { BellIcon, ClientsIcon, LogOutIcon, RolesIcon, SettingsIcon, UserIcon, UsersIcon } from '~/ui/shell-icons'
import { Menu } from '~/ui/menu'
import { signOut } from '~/features/auth'
import { useCompanyRole } from '~/features/companies/api'
import { UserMenuFace, userMenuTrigger } from './user-menu-face'

const itemIcon = css({ color: 'fg.muted' })

const InstallHelpDialog = lazy(() => import('./install-help-dialog'))
const SignOutDialog = lazy(() => import('./sign-out-dialog'))

/** How this browser can install the portal; its code loads after the first paint. */
function useInstallOffer(): InstallOffer {
  const [offer, setOffer] = useState<InstallOffer>(null)
  useEffect(() => {
    let stop = () => {}
    let live = true
    void import('~/lib/install').then(({ currentInstallOffer, subscribeInstallOffer }) => {
      if (!live) return
      setOffer(currentInstallOffer())
      stop = subscribeInstallOffer(() => setOffer(currentInstallOffer()))
    })
    return () => {
      live = false
      stop()
    }
  }, [])
  return offer
}

/**
 * The user menu itself (see UserMenu): display name and role; Profile (clients), Team (a company's
 * owners), Add a company (clients: the wizard that adds one to this login), Notifications and
 * alerts, Account Settings, Install app (where the browser offers it, or how on an iPhone), Log Out
 * (asking first when changes made on this device have not been sent: log out removes them).
 * @noUseSignals (reads `details.value`, not a signal: keeps the signals runtime off pages without forms)
 */
export default function UserMenuPanel({ defaultOpen }: { defaultOpen: boolean }) {
  const { user } = useRequiredSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const name = displayName(user)
  const isClient = userKind(user) === 'client'
  // The team is the owners' (the server refuses the other roles).
  const isOwner = useCompanyRole() === 'owner'
  const installOffer = useInstallOffer()
  const [dialog, setDialog] = useState<'install-help' | 'sign-out' | null>(null)
  const [unsent, setUnsent] = useState(0)

  // Log out removes changes not sent yet from this device: with any waiting, it asks first.
  const logOut = async () => {
    const { unsentCount } = await import('~/lib/outbox/outbox')
    const count = await unsentCount()
    if (count === 0) return signOut(queryClient)
    setUnsent(count)
    setDialog('sign-out')
  }

  const onSelect = ({ value }: { value: string }) => {
    if (value === 'profile' && user.clientId != null) void navigate({ to: '/client/profile/$id', params: { id: String(user.clientId) } })
    else if (value === 'team') void navigate({ to: '/client/team' })
    else if (value === 'add-company') void navigate({ to: '/client/add-company/company-details' })
    else if (value === 'account-settings') void navigate({ to: '/account-settings/change-password' })
    else if (value === 'security') void navigate({ to: '/account-settings/security' })
    else if (value === 'notification-settings') void navigate({ to: '/account-settings/notifications' })
    else if (value === 'install') {
      if (installOffer?.kind === 'prompt') void installOffer.install()
      else setDialog('install-help')
    } else if (value === 'log-out') void logOut()
  }

  return (
    <>
      {/* Its entries render when it opens, not with every page. */}
      <Menu.Root onSelect={onSelect} positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen} lazyMount unmountOnExit>
        <Menu.Trigger className={userMenuTrigger}>
          <UserMenuFace />
        </Menu.Trigger>
        <Menu.Content>
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>
              <span className={css({ display: 'block', color: 'fg.default', fontSize: 'sm' })}>{name}</span>
              <span className={css({ display: 'block', fontWeight: 'normal' })}>{user.role}</span>
            </Menu.ItemGroupLabel>
            {isClient && (
              <Menu.Item value="profile">
                <UserIcon size={16} className={itemIcon} />
                Profile
              </Menu.Item>
            )}
            {isClient && isOwner && (
              <Menu.Item value="team">
                <UsersIcon size={16} className={itemIcon} />
                Team
              </Menu.Item>
            )}
            {isClient && (
              <Menu.Item value="add-company">
                <ClientsIcon size={16} className={itemIcon} />
                Add a company
              </Menu.Item>
            )}
            <Menu.Item value="notification-settings">
              <BellIcon size={16} className={itemIcon} />
              Notifications and alerts
            </Menu.Item>
            <Menu.Item value="account-settings">
              <SettingsIcon size={16} className={itemIcon} />
              Account Settings
            </Menu.Item>
            <Menu.Item value="security">
              <RolesIcon size={16} className={itemIcon} />
              Sign-in security
            </Menu.Item>
            {installOffer && (
              <Menu.Item value="install">
                <DownloadIcon size={16} className={itemIcon} />
                {installOffer.kind === 'prompt' ? 'Install app' : 'Install on this iPhone or iPad'}
              </Menu.Item>
            )}
          </Menu.ItemGroup>
          <Menu.Separator />
          <Menu.Item value="log-out">
            <LogOutIcon size={16} className={itemIcon} />
            Log Out
          </Menu.Item>
        </Menu.Content>
      </Menu.Root>
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'install-help' ? (
            <InstallHelpDialog onClose={() => setDialog(null)} />
          ) : (
            <SignOutDialog waiting={unsent} onClose={() => setDialog(null)} onConfirm={() => void signOut(queryClient)} />
          )}
        </Suspense>
      )}
    </>
  )
}
