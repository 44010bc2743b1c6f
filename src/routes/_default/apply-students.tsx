import { createFileRoute } from '@tanstack/react-router'
import { StudentApplication } from '@/features/admissions/components/student-application'

export const Route = createFileRoute('/_default/apply-students')({
  staticData: { guard: 'none', layout: 'default' },
  component: StudentApplication,
})
