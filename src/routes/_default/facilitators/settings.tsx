import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../lib/guards'
import { requireScreen } from '../../../app/screens'

export const Route = createFileRoute('/_default/facilitators/settings')({
  staticData: { guard: 'auth', layout: 'default' },
  beforeLoad: async (args) => {
    await guard('auth')(args)
    requireScreen('account.settings')()
  },
})
