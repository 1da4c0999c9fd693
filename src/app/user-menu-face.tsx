import { css, cx } from 'styled-system/css'
import { useRequiredSession } from '~/lib/session'
import { displayName } from './display-name'
import { ChevronDownIcon } from '~/ui/icons'
import { hiddenOnPhonesClass } from '~/ui/visually-hidden'

export const userMenuTrigger = css({
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
const srOnly = css({ srOnly: true })

/** What the user menu's trigger shows: the initial, the display name and the role. */
export function UserMenuFace() {
  const { user } = useRequiredSession()
  const name = displayName(user)
  return (
    <>
      <span className={srOnly}>Account menu: </span>
      <span className={avatar} aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className={nameBlock}>
        <span className={nameText}>{name}</span>
        <span className={roleText}>{user.role}</span>
      </span>
      <ChevronDownIcon aria-hidden="true" />
    </>
  )
}
