import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../lib/guards'
import { requireScreen } from '../../../app/screens'

// Students land here after signing up (B37: guard auth-student, default layout).
export const Route = createFileRoute('/_default/students/dash')({
  staticData: { guard: 'auth-student', layout: 'default' },
  beforeLoad: async (args) => {
    await guard('auth-student')(args)
    requireScreen('students.dash')()
  },
})
