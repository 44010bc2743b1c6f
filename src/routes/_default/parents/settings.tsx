import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { NotFoundHere } from '@/app/layouts/not-found-here'

export const Route = createFileRoute('/_default/parents/settings')({
  staticData: { guard: 'auth-parents', layout: 'default' },
  beforeLoad: guard('auth-parents'),
  // Not built yet: the 404 screen inside the layout.
  component: NotFoundHere,
})
