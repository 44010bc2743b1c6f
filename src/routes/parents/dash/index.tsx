import { createFileRoute } from '@tanstack/react-router'
import { NotFoundHere } from '@/app/layouts/not-found-here'
import { paneSearch } from '@/app/pane-search'

export const Route = createFileRoute('/parents/dash/')({
  staticData: { guard: 'auth-parents', layout: 'parentsdash' },
  validateSearch: paneSearch(['home', 'payments', 'feedback', 'profile'] as const),
  // No pane screen is built yet: the 404 screen inside the layout.
  component: NotFoundHere,
})
