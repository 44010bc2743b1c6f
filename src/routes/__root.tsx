import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import type { RouterContext } from '@/app/router-context'
import { AppChrome } from '@/app/app-chrome'
import { NotFound } from '@/components/errors/not-found'
import { DefaultLayout } from '@/app/layouts/default-layout'
import { useHomePath } from '@/lib/auth/use-auth'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: RootNotFound,
})

function Root() {
  return (
    <AppChrome>
      <Outlet />
    </AppChrome>
  )
}

function RootNotFound() {
  const path = useRouterState({ select: (s) => s.location.pathname })
  return (
    <DefaultLayout>
      <NotFound path={path} home={useHomePath()} />
    </DefaultLayout>
  )
}
