import { createFileRoute, Outlet } from '@tanstack/react-router'
import { DefaultLayout } from '@/app/layouts/default-layout'

// The "default" layout (core.md §2) as a pathless layout route: its children keep their URLs.
export const Route = createFileRoute('/_default')({
  staticData: { layout: 'default' },
  component: DefaultLayoutRoute,
})

function DefaultLayoutRoute() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  )
}
