import { lazy, Suspense } from 'react'
import { Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { DatabaseProvider } from '@/db/provider'
import { StudentAccount } from '@/features/accounts/components/student-account'

// Students land here after signing up (B37: guard auth-student, default layout): their group's
// week, read from this device.
const FamilyHome = lazy(() => import('@/features/families/components/family-home'))
// Their own feedback once the centre released it (read from the device, offline too).
const MyFeedback = lazy(() => import('@/features/feedback/components/parents-feedback-pane'))
const NotificationBell = lazy(() => import('@/components/notifications/notification-bell'))

export const Route = createFileRoute('/_default/students/dash')({
  staticData: { guard: 'auth-student', layout: 'default' },
  beforeLoad: guard('auth-student'),
  component: StudentDashboard,
})

function StudentDashboard() {
  return (
    <DatabaseProvider>
      <Group justify="flex-end">
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
      </Group>
      <Suspense fallback={<Text c="dimmed">Opening your week…</Text>}>
        <FamilyHome
          student
          account={
            <>
              <Suspense fallback={null}>
                <MyFeedback student />
              </Suspense>
              <StudentAccount />
            </>
          }
        />
      </Suspense>
    </DatabaseProvider>
  )
}
