import { createFileRoute } from '@tanstack/react-router'
import { StudentsPane } from '@/features/families/components/students-pane'

export const Route = createFileRoute('/administration/dash/students')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
  component: StudentsPane,
})
