import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '../../../app/screens'

export const Route = createFileRoute('/administration/dash/families')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
  beforeLoad: requireScreen('administration.families'),
})
