import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useToasterWanted } from '~/lib/toaster-host'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
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
