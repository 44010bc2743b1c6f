import { createRouter, SearchParamError, useRouterState } from '@tanstack/react-router'
import { routeTree } from '@/routeTree.gen'
import { NotFound } from '@/components/errors/not-found'
import { RouteError } from '@/components/errors/route-error'
import type { AuthSource } from '@/lib/auth/types'
import { useHomePath } from '@/lib/auth/use-auth'
import { builtScreens } from './screens'
import { RoutePending } from './route-pending'

function DefaultNotFound() {
  const path = useRouterState({ select: (s) => s.location.pathname })
  return <NotFound path={path} home={useHomePath()} />
}

function DefaultError({ error }: { error: unknown }) {
  const path = useRouterState({ select: (s) => s.location.pathname })
  // Path parameter parsers throw notFound() themselves; failed search validation lands here.
  const validationFailed = error instanceof SearchParamError
  return (
    <RouteError
      error={error}
      path={path}
      validationFailed={validationFailed}
      home={useHomePath()}
    />
  )
}

export function createAppRouter(auth: AuthSource, screens: ReadonlySet<string> = builtScreens) {
  return createRouter({
    routeTree,
    context: { auth, screens },
    defaultPreload: 'intent',
    defaultNotFoundComponent: DefaultNotFound,
    defaultErrorComponent: DefaultError,
    defaultPendingComponent: RoutePending,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
