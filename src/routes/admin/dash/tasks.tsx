import { createFileRoute } from '@tanstack/react-router'
import { ScheduledTasksScreen } from '@/features/scheduled-tasks/components/scheduled-tasks-screen'

export const Route = createFileRoute('/admin/dash/tasks')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: ScheduledTasksScreen,
})
