import { createFileRoute } from '@tanstack/react-router'
import { SystemLogScreen } from '@/features/system-log/components/system-log-screen'

export const Route = createFileRoute('/admin/dash/warnings')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: () => <SystemLogScreen kind="warning" />,
})
