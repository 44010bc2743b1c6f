import { createFileRoute } from '@tanstack/react-router'
import { ReferenceSettings } from '@/features/reference/components/reference-settings'

// B16: the settings page holds the centre's reference lists; it is reached from the header's
// Settings link rather than the side pane, whose nine items the spec fixes.
export const Route = createFileRoute('/admin/dash/settings')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: ReferenceSettings,
})
