import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { loadMessages } from '~/lib/i18n'
import { useToasterWanted } from '~/lib/toaster-host'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The messages every page shows (layouts, the kit's components), in the chosen language.
  beforeLoad: () => loadMessages('common'),
  component: RootComponent,
})

const Toaster = lazy(() => import('~/ui/toaster-root').then((m) => ({ default: m.Toaster })))

function RootComponent() {
  const toasterWanted = useToasterWanted()
  return (
    <>
      <Outlet />
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  )
}
