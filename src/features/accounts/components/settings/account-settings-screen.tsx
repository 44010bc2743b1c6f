import type { ReactNode } from 'react'
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core'
import {
  dashboardPathFor,
  DEFAULT_SIGNED_IN_PATH,
  FACILITATORS_DASH,
  hasTwoDashboards,
  LAST_DASHBOARD_KEY,
  PARENTS_DASH,
} from '@/lib/auth/destinations'
import type { SignedInMember } from '@/lib/auth/types'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useSignOut } from '../../hooks/use-sign-out'
import { SignOutDialog } from '../sign-out-dialog'
import { ChangePasswordForm } from './change-password-form'

function roleLabel(member: SignedInMember): string {
  switch (member.role) {
    case 'admin':
      return 'System administrator'
    case 'admission':
      return 'Admissions'
    case 'administration':
      return 'Administration'
    case 'facilitator':
      return member.isFacilitatorAdmin ? 'Facilitator (admin)' : 'Facilitator'
    case 'guardian':
      return member.isParentFacilitator ? 'Parent and facilitator' : 'Parent or guardian'
    case 'student':
      return 'Student'
    default:
      return 'Member (the centre has not given you a role yet)'
  }
}

/** The dashboard a person with two opened last on this device. */
function lastDashboard(): string | null {
  try {
    return localStorage.getItem(LAST_DASHBOARD_KEY)
  } catch {
    return null
  }
}

/** /facilitators/settings: the account page of every signed-in member. */
export function AccountSettingsScreen({ extra }: { extra?: ReactNode } = {}) {
  const member = useAuthMember()
  const signOut = useSignOut()
  if (!member) return null
  const home = dashboardPathFor(member, lastDashboard())
  const other = hasTwoDashboards(member)
    ? home === PARENTS_DASH
      ? { to: FACILITATORS_DASH, label: "Facilitators' dashboard" }
      : { to: PARENTS_DASH, label: "Parents' dashboard" }
    : null
  return (
    <Stack gap="lg" maw={560} mx="auto">
      <Title order={1}>Your account</Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Name
          </Text>
          <Text data-testid="account-name">{member.name || '—'}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            E-mail
          </Text>
          <Text data-testid="account-email">{member.email}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            Role
          </Text>
          <Text data-testid="account-role">{roleLabel(member)}</Text>
          {home !== DEFAULT_SIGNED_IN_PATH && (
            <Anchor href={home} mt="sm">
              Go to your dashboard
            </Anchor>
          )}
          {other && <Anchor href={other.to}>{other.label}</Anchor>}
        </Stack>
      </Paper>
      {extra}
      <ChangePasswordForm email={member.email} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Sign out
          </Title>
          <Text size="sm">
            Signing out deletes the app’s data from this device, so the next person using it cannot
            see it.
          </Text>
          <Button color="red" variant="light" onClick={signOut.request} loading={signOut.busy}>
            Sign out
          </Button>
        </Stack>
      </Paper>
      <SignOutDialog signOut={signOut} />
    </Stack>
  )
}
