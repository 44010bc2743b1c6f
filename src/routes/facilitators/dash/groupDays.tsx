import { createFileRoute } from '@tanstack/react-router'
import { NotFoundHere } from '../../../app/layouts/not-found-here'

export const Route = createFileRoute('/facilitators/dash/groupDays')({
  staticData: { guard: 'auth-facilitator', layout: 'facilitatordash' },
  // Not built yet: the 404 screen inside the layout, and no menu item leads here.
  component: NotFoundHere,
})
