import { css } from 'styled-system/css'
import { ChevronDownIcon } from '~/ui/icons'

export const companyTrigger = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  minH: '10',
  minW: '0',
  maxW: { base: '36', md: '64' },
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  _hover: { bg: 'bg.muted' },
})
const nameText = css({ truncate: true })
const srOnly = css({ srOnly: true })

/** What the company switcher's button shows: the current company and a chevron. */
export function CompanyFace({ name }: { name: string }) {
  return (
    <>
      <span className={srOnly}>Company: </span>
      <span className={nameText}>{name}</span>
      <span className={srOnly}>, switch company</span>
      <ChevronDownIcon aria-hidden="true" />
    </>
  )
}
