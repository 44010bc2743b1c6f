import { Text } from '@mantine/core'
import { useAuthMember } from '../../lib/auth/use-auth'

/** Who is signed in, in the dashboard header. */
export function AccountMenu() {
  const member = useAuthMember()
  if (!member) return null
  return (
    <Text size="sm" visibleFrom="sm" data-testid="signed-in-as" lineClamp={1} maw={200}>
      {member.name || member.email}
    </Text>
  )
}
