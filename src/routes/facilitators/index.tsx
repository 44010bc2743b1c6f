import { createFileRoute, redirect } from '@tanstack/react-router'
import { guard } from '@/lib/guards'

// The bare /facilitators of the route table is the admin's facilitator list (B15).
export const Route = createFileRoute('/facilitators/')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  beforeLoad: async (args) => {
    await guard('auth-admin')(args)
    throw redirect({ to: '/admin/dash/facilitators' })
  },
})
