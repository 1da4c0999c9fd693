import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { ApiError, errorMessage, NetworkError, OfflineError } from '~/lib/api-client'
import { AccessDeniedError } from '~/lib/permissions'
import { homePath, useSession } from '~/lib/session'
import { actionLinkClass } from '~/ui/action-link'
import { Button } from '~/ui/button'
import { emptyState } from 'styled-system/recipes'
import { DangerIcon, WarningIcon } from '~/ui/icons'
import type { ComponentType, SVGProps } from 'react'
import { Spinner } from '~/ui/spinner'
import { AppLayout } from './app-layout'
import { useInsideAppLayout } from './layout-context'
import { usePageTitle } from '~/ui/page-header'
import { PublicLayout } from './public-layout'

const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: { base: '4', md: '8' }, w: '100%' })

/** A full-page state: its icon, the page's one h1, what happened and where to go. */
function StatePanel({
  icon: Icon,
  title,
  description,
  actions,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>
  title: string
  description: ReactNode
  actions: ReactNode
}) {
  usePageTitle(title)
  const classes = emptyState()
  return (
    <section className={panel}>
      <div className={classes.root}>
        <Icon className={classes.icon} />
        <h1 className={classes.title}>{title}</h1>
        <p className={classes.description}>{description}</p>
        <div className={classes.actions}>{actions}</div>
      </div>
    </section>
  )
}

/** Brings the right frame: the app layout when signed in (unless already inside it), else the public one. */
function Framed({ children }: { children: ReactNode }) {
  const inside = useInsideAppLayout()
  const session = useSession()
  if (inside) return <>{children}</>
  if (session) return <AppLayout>{children}</AppLayout>
  return <PublicLayout>{children}</PublicLayout>
}

function HomeLink() {
  const session = useSession()
  return session ? (
    <Link to={homePath(session.user)} className={actionLinkClass}>
      Go to your dashboard
    </Link>
  ) : (
    <Link to="/login" className={actionLinkClass}>
      Go to sign in
    </Link>
  )
}

/** The catch-all page: inside the layout when signed in, a plain page otherwise. */
export function NotFoundPage() {
  return <NotFoundState title="Page not found" />
}

function NotFoundState({ title }: { title: string }) {
  const session = useSession()
  return (
    <Framed>
      <StatePanel
        icon={WarningIcon}
        title={title}
        description={
          session
            ? 'What you asked for does not exist or has moved. Check the address, or go back to your dashboard.'
            : 'The page you asked for does not exist or has moved. Check the address, or sign in.'
        }
        actions={<HomeLink />}
      />
    </Framed>
  )
}

/** A guard refused the page: the other area, or a missing permission code. */
export function AccessDeniedPage() {
  return (
    <Framed>
      <StatePanel
        icon={DangerIcon}
        title="You do not have access to this page"
        description="Your account cannot open this page. If you think it should, ask your administrator for access."
        actions={<HomeLink />}
      />
    </Framed>
  )
}

/** A client page the person's role in this company does not reach (opened by its address). */
export function RoleDeniedPage() {
  return (
    <Framed>
      <StatePanel
        icon={WarningIcon}
        title="Your role in this company does not include this"
        description="This page is for another role in this company's team. An owner of the company can change your role."
        actions={<HomeLink />}
      />
    </Framed>
  )
}

/** Any other failure of a route: what went wrong and a retry (router and query errors both reset). */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()

  useEffect(() => {
    // Retrying a failed query needs its error boundary reset first.
    queryReset.reset()
  }, [queryReset])

  if (error instanceof AccessDeniedError) return error.reason === 'role' ? <RoleDeniedPage /> : <AccessDeniedPage />
  // The server has no such record ('Client not found'): a not-found page, not a failure to retry.
  if (error instanceof ApiError && error.status === 404) return <NotFoundState title={error.detail || 'Not found'} />

  const retry = () => {
    reset()
    void router.invalidate()
  }
  const offline = error instanceof OfflineError
  const message = offline
    ? 'You are offline, and this page has not been opened on this device before, so nothing of it is saved here. It loads when the connection returns; pages you opened before show their saved copy.'
    : error instanceof NetworkError
      ? 'The portal could not reach its server. Check your connection and try again.'
      : errorMessage(error)
  return (
    <Framed>
      <StatePanel
        icon={offline ? WarningIcon : DangerIcon}
        title={offline ? 'Not saved on this device yet' : 'Something went wrong'}
        description={message}
        actions={
          <>
            <Button onClick={retry}>Try again</Button>
            <HomeLink />
          </>
        }
      />
    </Framed>
  )
}

/** Shown while a page's code or data loads (only after a short delay, to avoid flashes). */
export function RoutePending() {
  return (
    <div className={css({ display: 'flex', justifyContent: 'center', py: '16' })}>
      <Spinner label="Loading page" />
    </div>
  )
}
