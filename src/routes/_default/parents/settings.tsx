import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../lib/guards'
import { requireScreen } from '../../../app/screens'

export const Route = createFileRoute('/_default/parents/settings')({
  staticData: { guard: 'auth-parents', layout: 'default' },
  beforeLoad: async (args) => {
    await guard('auth-parents')(args)
    requireScreen('parents.settings')()
  },
})
