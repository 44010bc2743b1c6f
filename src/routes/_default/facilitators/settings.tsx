import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../lib/guards'
import { NotFoundHere } from '../../../app/layouts/not-found-here'

export const Route = createFileRoute('/_default/facilitators/settings')({
  staticData: { guard: 'auth', layout: 'default' },
  beforeLoad: guard('auth'),
  // Not built yet: the 404 screen inside the layout.
  component: NotFoundHere,
})
