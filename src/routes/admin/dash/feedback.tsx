import { lazy, Suspense } from 'react'
import { Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'

// The pane is its own chunk: the admin dashboard's other routes do not carry it.
const AdminFeedbackPane = lazy(() => import('@/features/feedback/components/admin-feedback-pane'))

export const Route = createFileRoute('/admin/dash/feedback')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: () => (
    <Suspense fallback={<Text c="dimmed">Opening feedback…</Text>}>
      <AdminFeedbackPane />
    </Suspense>
  ),
})
