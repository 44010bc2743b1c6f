import '@mantine/core/styles/Modal.css'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { useSignOut } from '../hooks/use-sign-out'

/** The warning before signing out with changes that are not synced yet. */
export function SignOutDialog({ signOut }: { signOut: ReturnType<typeof useSignOut> }) {
  const count = signOut.unsynced ?? 0
  const changes = count === 1 ? '1 change' : `${count} changes`
  return (
    <Modal
      opened={signOut.unsynced !== null}
      onClose={signOut.cancel}
      title="Sign out now?"
      centered
    >
      <Stack gap="md">
        <Text data-testid="unsynced-warning">
          {changes} on this device {count === 1 ? 'is' : 'are'} not synced yet. Signing out now
          deletes {count === 1 ? 'it' : 'them'} from this device.
        </Text>
        <Text size="sm" c="dimmed">
          To keep {count === 1 ? 'it' : 'them'}, stay signed in while connected to the internet
          until the sync status shows everything is synced.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={signOut.cancel}>
            Stay signed in
          </Button>
          <Button color="red" loading={signOut.busy} onClick={signOut.proceed}>
            Sign out and delete {count === 1 ? 'it' : 'them'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
