import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '../../app/screens'

export const Route = createFileRoute('/_default/connect-account')({
  staticData: { guard: 'none', layout: 'default' },
  beforeLoad: requireScreen('public.connect-account'),
})
