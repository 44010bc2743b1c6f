import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { DatabaseProvider } from '@/db/provider'
import { FamilyHome } from '@/features/families/components/family-home'
import { StudentAccount } from '@/features/accounts/components/student-account'

// Students land here after signing up (B37: guard auth-student, default layout): their group's
// week, read from this device.
export const Route = createFileRoute('/_default/students/dash')({
  staticData: { guard: 'auth-student', layout: 'default' },
  beforeLoad: guard('auth-student'),
  component: StudentDashboard,
})

function StudentDashboard() {
  return (
    <DatabaseProvider>
      <FamilyHome student account={<StudentAccount />} />
    </DatabaseProvider>
  )
}
