import { useRouterState } from '@tanstack/react-router'
import { NotFound } from '@/components/errors/not-found'
import { useHomePath } from '@/lib/auth/use-auth'

/**
 * The 404 screen inside the layout of the route that could not find the page: an unknown path, or
 * a pane that is not built yet. It names the whole address, `?pane=` included, so the same address
 * reads the same on every dashboard.
 */
export function NotFoundHere() {
  const address = useRouterState({ select: (s) => s.location.pathname + s.location.searchStr })
  return <NotFound path={address} home={useHomePath()} />
}
