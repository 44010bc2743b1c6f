import { createFileRoute } from '@tanstack/react-router'
import { NotFoundHere } from '@/app/layouts/not-found-here'

export const Route = createFileRoute('/admin/dash/whatsapp')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  // Not built yet: the 404 screen inside the layout, and no menu item leads here.
  component: NotFoundHere,
})
