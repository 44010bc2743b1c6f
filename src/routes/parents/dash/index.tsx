import { createFileRoute } from '@tanstack/react-router'
import { NotFoundHere } from '@/app/layouts/not-found-here'
import { paneSearch } from '@/app/pane-search'
import { FamilyHome } from '@/features/families/components/family-home'

export const Route = createFileRoute('/parents/dash/')({
  staticData: { guard: 'auth-parents', layout: 'parentsdash' },
  validateSearch: paneSearch(['home', 'payments', 'feedback', 'profile'] as const),
  component: ParentsDashboard,
})

function ParentsDashboard() {
  const { pane = 'home' } = Route.useSearch()
  switch (pane) {
    case 'home':
      return <FamilyHome />
    default:
      return <NotFoundHere />
  }
}
