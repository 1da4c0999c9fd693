import { useEffect, type ReactNode } from 'react'
import { css } from 'styled-system/css'

const APP_NAME = 'Client Portal'

/** Sets the document title for the page on screen ("Invoices · Client Portal"). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME
  }, [title])
}

const header = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: '4', mb: '6' })
const heading = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: 'tight', color: 'fg.default', m: '0' })
const description = css({ mt: '1', mb: '0', color: 'fg.muted', fontSize: 'sm' })

/** A page's heading (the one h1), an optional line under it and actions on the right; sets the title. */
export function PageHeader({ title, description: text, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  usePageTitle(title)
  return (
    <div className={header}>
      <div>
        <h1 className={heading}>{title}</h1>
        {text && <p className={description}>{text}</p>}
      </div>
      {actions && <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>{actions}</div>}
    </div>
  )
}
