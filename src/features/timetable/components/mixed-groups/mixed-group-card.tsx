import { useState } from 'react'
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import type { MixedGroup } from '@sync/contract/collections/timetables'
import { classroomsOf, facilitatorInfos } from '@sync/rules/mixed-groups/rules'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import type { TimetableLookups } from '../../hooks/use-lookups'
import { useMixedGroupWriter } from '../../hooks/use-mixed-groups'
import { SubgroupForm } from './subgroup-form'
import { SubgroupCard } from './subgroup-card'

/** One combined mixed group: who teaches whom (L03), its subgroups, and its removal (L05). */
export function MixedGroupCard({
  id,
  group,
  lookups,
}: {
  id: string
  group: MixedGroup
  lookups: TimetableLookups
}) {
  const writer = useMixedGroupWriter()
  const [confirming, setConfirming] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const infos = facilitatorInfos(group)
  const classrooms = classroomsOf(group)
  const titleId = `mg-${id}`
  return (
    <Card withBorder component="section" aria-labelledby={titleId} data-testid="mixed-group">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {group.name}
          </Title>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => setConfirming(true)}
          >
            Delete mixed group
          </Button>
        </Group>
        {refusal && (
          <Alert color="red" withCloseButton onClose={() => setRefusal(null)} role="alert">
            {refusal}
          </Alert>
        )}
        {infos.length > 0 && (
          <Table.ScrollContainer minWidth={280}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Facilitator</Table.Th>
                  <Table.Th>Groups</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {infos.map((f) => (
                  <Table.Tr key={f.facilitatorId}>
                    <Table.Td>{f.facilitator}</Table.Td>
                    <Table.Td>{f.groupsCombined || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap={6}>
          <Text size="sm">Classrooms:</Text>
          {classrooms.length === 0 ? (
            <Text size="sm" c="dimmed">
              none chosen
            </Text>
          ) : (
            classrooms.map((c) => (
              <Badge key={c} variant="light" color="gray">
                {c}
              </Badge>
            ))
          )}
        </Group>
        {Object.entries(group.subgroups).map(([subId, s]) => (
          <SubgroupCard
            key={subId}
            mixedGroupId={id}
            subgroupId={subId}
            subgroup={s}
            lookups={lookups}
          />
        ))}
        <SubgroupForm mixedGroupId={id} lookups={lookups} />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Delete mixed group"
        message={`Delete ${group.name} and its subgroups?`}
        action="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await writer.remove(id, lookups.timings)
          } catch (e) {
            setRefusal((e as Error).message)
          }
          setConfirming(false)
        }}
      />
    </Card>
  )
}
