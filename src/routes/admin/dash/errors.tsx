import { createFileRoute } from '@tanstack/react-router'
import { SystemLogScreen } from '@/features/system-log/components/system-log-screen'

export const Route = createFileRoute('/admin/dash/errors')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: () => <SystemLogScreen kind="error" />,
})
