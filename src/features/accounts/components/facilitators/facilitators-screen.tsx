import '@mantine/core/styles/Table.css'
import '@mantine/core/styles/Modal.css'
import { useState } from 'react'
import {
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  type BoxProps,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { centreFormat } from '@/lib/time/centre-format'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { useSubmit } from '@/components/form/use-submit'
import { useFacilitatorList, useFacilitatorWriter } from '../../hooks/use-facilitator-list'
import {
  FACILITATOR_STATUS_LABELS,
  facilitatorProblems,
  type FacilitatorInput,
  type FacilitatorRecord,
} from '../../logic/facilitators'

function StatusBadge({ status, ...box }: { status: FacilitatorRecord['status'] } & BoxProps) {
  return (
    <Badge color={status === 'active' ? 'green' : 'orange'} variant="light" {...box}>
      {FACILITATOR_STATUS_LABELS[status]}
    </Badge>
  )
}

function FacilitatorForm({
  initial,
  emailLocked,
  others,
  onCancel,
  onSave,
}: {
  initial: FacilitatorInput
  emailLocked: boolean
  others: FacilitatorRecord[]
  onCancel(): void
  onSave(input: FacilitatorInput): Promise<void>
}) {
  const [input, setInput] = useState(initial)
  const [tried, setTried] = useState(false)
  const { busy, run } = useSubmit()
  const problems = facilitatorProblems(input, others)
  const submit = async () => {
    setTried(true)
    if (Object.keys(problems).length > 0) return
    await run(() => onSave(input))
  }
  return (
    <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          value={input.name}
          onChange={(e) => setInput({ ...input, name: e.currentTarget.value })}
          error={tried && problems.name}
          data-autofocus
        />
        <TextInput
          label="E-mail"
          type="email"
          required
          disabled={emailLocked}
          description={
            emailLocked
              ? 'This is the address they sign in with; it belongs to their account.'
              : 'Signing in with this address lets them set up their facilitator account.'
          }
          value={input.email}
          onChange={(e) => setInput({ ...input, email: e.currentTarget.value })}
          error={tried && problems.email}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * The admin's Facilitators pane (F37): the list ordered by name, adding a facilitator before
 * they sign up, correcting one, and removing one who never signed up. Works offline.
 */
export function FacilitatorsScreen() {
  const list = useFacilitatorList()
  const writer = useFacilitatorWriter()
  const [editing, setEditing] = useState<FacilitatorRecord | 'new' | null>(null)
  const [removing, setRemoving] = useState<FacilitatorRecord | null>(null)
  const current = editing === 'new' ? null : editing
  const others = (list ?? []).filter((f) => f.id !== current?.id)
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Facilitators
          </Title>
          <Text size="sm" c="dimmed">
            Add a facilitator before they sign up: signing in with their e-mail address sets up
            their account.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>Add facilitator</Button>
      </Group>
      <Text size="sm" c="dimmed">
        {list ? `${list.length} ${list.length === 1 ? 'facilitator' : 'facilitators'}` : 'Loading…'}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-label="Facilitators">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th visibleFrom="sm">Status</Table.Th>
              <Table.Th visibleFrom="md">Last edited</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list?.map((f) => (
              <Table.Tr key={f.id} data-testid="facilitator-row">
                <Table.Td>
                  <Text fw={500} data-testid="facilitator-name">
                    {f.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {f.email ?? 'No e-mail address'}
                  </Text>
                  <StatusBadge status={f.status} hiddenFrom="sm" mt={4} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <StatusBadge status={f.status} />
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm">
                    {f.last_edited ? centreFormat(f.last_edited, 'd MMM yyyy') : 'Not synced yet'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setEditing(f)}
                      aria-label={`Edit ${f.name}`}
                    >
                      Edit
                    </Button>
                    {f.status === 'authPending' && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => setRemoving(f)}
                        aria-label={`Remove ${f.name}`}
                      >
                        Remove
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? `Edit ${current.name}` : 'Add facilitator'}
      >
        {editing !== null && (
          <FacilitatorForm
            initial={{ name: current?.name ?? '', email: current?.email ?? '' }}
            emailLocked={current?.status === 'active'}
            others={others}
            onCancel={() => setEditing(null)}
            onSave={async (input) => {
              if (current) await writer.update(current.id, input)
              else await writer.add(input)
              setEditing(null)
              notifications.show({
                color: 'green',
                message: 'Facilitator list updated',
                autoClose: 2000,
              })
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={!!removing}
        title="Remove facilitator"
        message={`Remove ${removing?.name ?? ''} from the list? They will no longer be able to sign up as a facilitator with ${removing?.email ?? 'their address'}.`}
        action="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await writer.remove(removing.id)
          setRemoving(null)
          notifications.show({
            color: 'green',
            message: 'Facilitator list updated',
            autoClose: 2000,
          })
        }}
      />
    </Stack>
  )
}
