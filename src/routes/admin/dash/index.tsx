import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/admin/dash/')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  beforeLoad: () => {
    throw redirect({ to: '/admin/dash/members' })
  },
})
