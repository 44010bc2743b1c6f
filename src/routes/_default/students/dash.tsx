import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { NotFoundHere } from '@/app/layouts/not-found-here'

// Students land here after signing up (B37: guard auth-student, default layout).
export const Route = createFileRoute('/_default/students/dash')({
  staticData: { guard: 'auth-student', layout: 'default' },
  beforeLoad: guard('auth-student'),
  // Not built yet: the 404 screen inside the layout.
  component: NotFoundHere,
})
