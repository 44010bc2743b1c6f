import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { StudentWelcome } from '@/app/dashboard-welcome'

// Students land here after signing up (B37: guard auth-student, default layout).
export const Route = createFileRoute('/_default/students/dash')({
  staticData: { guard: 'auth-student', layout: 'default' },
  beforeLoad: guard('auth-student'),
  // No screen is built yet: the dashboard's welcome says what can be done today.
  component: StudentWelcome,
})
