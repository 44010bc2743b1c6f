import '@mantine/core/styles/Table.css'
import { Alert, Modal, Table, Text } from '@mantine/core'
import { centreFormat } from '@/lib/time/centre-format'
import { useSignInHistory } from '../hooks/use-members'
import { describeDevice } from '../logic/members'

function HistoryTable({ member }: { member: string }) {
  const { entries, error } = useSignInHistory(member)
  if (error) return <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>
  if (!entries) return <Text c="dimmed">Loading…</Text>
  if (entries.length === 0) return <Text c="dimmed">No sign-ins yet.</Text>
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped aria-label="Sign-ins">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>Version</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.at} data-testid="sign-in-entry">
              <Table.Td>{centreFormat(e.at, 'd MMM yyyy HH:mm')}</Table.Td>
              <Table.Td>
                <Text size="sm">{describeDevice(e.user_agent)}</Text>
                {e.ip && (
                  <Text size="xs" c="dimmed">
                    {e.ip}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{e.app_version ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** The member login history dialog: the latest 20 sign-ins (F29). */
export function SignInHistoryDialog({
  member,
  onClose,
}: {
  member: { id: string; name: string } | null
  onClose(): void
}) {
  return (
    <Modal
      opened={!!member}
      onClose={onClose}
      title={`Sign-ins of ${member?.name ?? ''}`}
      size="lg"
    >
      {member && <HistoryTable member={member.id} />}
      <Text size="xs" c="dimmed" mt="sm">
        The latest 20 sign-ins are shown.
      </Text>
    </Modal>
  )
}
