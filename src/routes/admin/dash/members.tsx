import { createFileRoute } from '@tanstack/react-router'
import { MembersScreen } from '@/features/members/components/members-screen'
import { useAuthMember } from '@/lib/auth/use-auth'

export const Route = createFileRoute('/admin/dash/members')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: MembersRoute,
})

function MembersRoute() {
  const member = useAuthMember()
  return <MembersScreen selfId={member?.userId ?? null} />
}
