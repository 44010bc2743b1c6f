import { useRouterState } from '@tanstack/react-router'
import { NotFound } from '@/components/errors/not-found'
import { useHomePath } from '@/lib/auth/use-auth'

/** The 404 screen inside the layout of the route that could not find the page. */
export function NotFoundHere() {
  const path = useRouterState({ select: (s) => s.location.pathname })
  return <NotFound path={path} home={useHomePath()} />
}
