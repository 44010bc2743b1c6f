import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '../../../app/screens'

export const Route = createFileRoute('/facilitators/dash/students')({
  staticData: { guard: 'auth-facilitator', layout: 'facilitatordash' },
  beforeLoad: requireScreen('facilitator.students'),
})
