import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '../../app/screens'

export const Route = createFileRoute('/_default/apply-students')({
  staticData: { guard: 'none', layout: 'default' },
  beforeLoad: requireScreen('public.apply-students'),
})
