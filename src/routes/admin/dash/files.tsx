import { createFileRoute } from '@tanstack/react-router'
import { FilesScreen } from '@/features/files/components/files-screen'

export const Route = createFileRoute('/admin/dash/files')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: FilesScreen,
})
