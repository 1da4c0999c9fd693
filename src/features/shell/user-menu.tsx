import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { useRequiredSession, userKind } from '~/lib/session'
import { displayName } from './display-name'
import { ChevronDownIcon } from '~/ui/icons'
import { LogOutIcon, SettingsIcon, UserIcon } from '~/ui/shell-icons'
import { Menu } from '~/ui/menu'
import { hiddenOnPhonesClass } from '~/ui/visually-hidden'
import { signOut } from '../auth'

const trigger = css({
  px: '2',
  py: '1',
  minH: '10',
  textAlign: 'left',
  _hover: { bg: 'bg.muted' },
})
const avatar = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.text',
  fontWeight: 'semibold',
  fontSize: 'sm',
  flexShrink: 0,
})
// Under the sm breakpoint only the initial shows; the name and role stay for screen readers.
const nameBlock = cx(css({ display: 'flex', flexDirection: 'column', lineHeight: 'tight', maxW: '48' }), hiddenOnPhonesClass)
const nameText = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', truncate: true })
const roleText = css({ fontSize: 'xs', color: 'fg.muted', truncate: true })
const itemIcon = css({ color: 'fg.muted' })

/**
 * The top bar's user menu: display name and role; Profile (clients), Account Settings, Log Out.
 * @noUseSignals (reads `details.value`, not a signal: keeps the signals runtime off pages without forms)
 */
export function UserMenu() {
  const { user } = useRequiredSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const name = displayName(user)
  const isClient = userKind(user) === 'client'

  const onSelect = ({ value }: { value: string }) => {
    if (value === 'profile' && user.clientId != null) void navigate({ to: '/client/profile/$id', params: { id: String(user.clientId) } })
    else if (value === 'account-settings') void navigate({ to: '/account-settings/change-password' })
    else if (value === 'log-out') void signOut(queryClient)
  }

  return (
    <Menu.Root onSelect={onSelect} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger className={trigger}>
        <span className={css({ srOnly: true })}>Account menu: </span>
        <span className={avatar} aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className={nameBlock}>
          <span className={nameText}>{name}</span>
          <span className={roleText}>{user.role}</span>
        </span>
        <ChevronDownIcon aria-hidden="true" />
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
          <Menu.Item value="account-settings">
            <SettingsIcon size={16} className={itemIcon} />
            Account Settings
          </Menu.Item>
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.Item value="log-out">
          <LogOutIcon size={16} className={itemIcon} />
          Log Out
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  )
}
