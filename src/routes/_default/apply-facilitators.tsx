import { createFileRoute } from '@tanstack/react-router'
import { NotFoundHere } from '@/app/layouts/not-found-here'

export const Route = createFileRoute('/_default/apply-facilitators')({
  staticData: { guard: 'none', layout: 'default' },
  // Not built yet: the 404 screen inside the layout, and no menu item leads here.
  component: NotFoundHere,
})
