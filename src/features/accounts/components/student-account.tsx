import { lazy, Suspense } from 'react'
import { Button, Paper, Stack, Text } from '@mantine/core'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useSignOut } from '../hooks/use-sign-out'

// Loaded when it is needed (a sign-out with unsynced changes), as in the account menu.
const SignOutDialog = lazy(() =>
  import('./sign-out-dialog').then((m) => ({
    default: m.SignOutDialog,
  })),
)

/** A student's page has no dashboard header: who is signed in, and signing out, are here. */
export function StudentAccount() {
  const member = useAuthMember()
  const signOut = useSignOut()
  if (!member) return null
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Signed in as {member.email}. Signing out deletes the app’s data from this device.
        </Text>
        <Button color="red" variant="light" onClick={signOut.request} loading={signOut.busy}>
          Sign out
        </Button>
      </Stack>
      {signOut.unsynced !== null && (
        <Suspense>
          <SignOutDialog signOut={signOut} />
        </Suspense>
      )}
    </Paper>
  )
}
