import { t } from '@lingui/core/macro'
import { css, cx } from 'styled-system/css'
import { usePublicConfig } from '~/lib/public-config'

const footer = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  rowGap: '2',
  columnGap: '6',
  px: { base: '4', md: '6' },
  py: '4',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  fontSize: 'sm',
  color: 'fg.muted',
  bg: 'bg.surface',
})
const contacts = css({ display: 'flex', flexWrap: 'wrap', rowGap: '2', columnGap: '5', listStyle: 'none', m: '0', p: '0' })
const reserved = css({ visibility: 'hidden' })
// Each contact is a target of its own: 24 px tall on a desktop, a finger's 44 px on phones and tablets.
const contact = css({ display: 'inline-flex', alignItems: 'center', minH: { base: '11', lg: '6' } })
const link = css({ color: 'fg.muted', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'fg.default' } })

/**
 * Stand-ins of a typical length, laid out invisibly until /api/config answers, so the footer has its
 * final height from the first paint (a footer growing by two lines shifts whatever is below it).
 */
const PLACEHOLDER = { companyLocation: '100 Biscayne Blvd, Miami, FL 33132', supportPhone: '+1 (305) 555-0100', supportEmail: 'support@example.com' }

/** The company location, support phone and support e-mail, from the server's configuration. */
export function Footer() {
  const { data: config } = usePublicConfig()
  return (
    <footer className={footer}>
      <p className={css({ m: '0' })}>
        © {new Date().getFullYear()} {t`Registered Agent Services`}
        {config ? (
          config.companyLocation && <span> · {config.companyLocation}</span>
        ) : (
          <span aria-hidden="true" className={reserved}>
            {' '}
            · {PLACEHOLDER.companyLocation}
          </span>
        )}
      </p>
      {config ? (
        <ul className={contacts} aria-label={t`Support contacts`}>
          <li className={contact}>
            {t`Support:`}&nbsp;
            <a className={cx(contact, link)} href={`tel:${config.supportPhone.replace(/[^+\d]/g, '')}`}>
              {config.supportPhone}
            </a>
          </li>
          <li className={contact}>
            <a className={cx(contact, link)} href={`mailto:${config.supportEmail}`}>
              {config.supportEmail}
            </a>
          </li>
        </ul>
      ) : (
        <div aria-hidden="true" className={cx(contacts, reserved)}>
          <span className={contact}>
            {t`Support:`} {PLACEHOLDER.supportPhone}
          </span>
          <span className={contact}>{PLACEHOLDER.supportEmail}</span>
        </div>
      )}
    </footer>
  )
}
