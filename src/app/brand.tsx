import { t } from '@lingui/core/macro'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'

const markClass = css({ color: 'accent', flexShrink: 0 })
const markInk = css({ fill: 'accent.fg' })

/** The product's mark: the same shape as the app icon (public/icons). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={markClass}>
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path className={markInk} d="M14 24 32 13l18 11v4H14zM18 31h5v15h-5zM29.5 31h5v15h-5zM41 31h5v15h-5zM13 49h38v4H13z" />
    </svg>
  )
}

const root = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2.5',
  color: 'fg.default',
  textDecoration: 'none',
  fontWeight: 'bold',
  fontSize: 'md',
  lineHeight: 'tight',
  borderRadius: 'md',
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})

/** The mark and the portal's name, linking home. `compact` shows the mark only (collapsed sidebar). */
export function Brand({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <Link to="/" className={cx(root, className)} aria-label={compact ? t`Client Portal home` : undefined}>
      <BrandMark />
      {!compact && (
        <span>
          {t`Client Portal`}
          <span className={css({ display: 'block', fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted' })}>{t`Registered Agent Services`}</span>
        </span>
      )}
    </Link>
  )
}
