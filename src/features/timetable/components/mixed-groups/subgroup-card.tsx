import { useState } from 'react'
import { Button, Card, CloseButton, Group, Pill, Select, Stack, Text } from '@mantine/core'
import type { MixedSubgroup } from '@sync/contract/collections/timetables'
import type { TimetableLookups } from '../../hooks/use-lookups'
import { useMixedGroupWriter } from '../../hooks/use-mixed-groups'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'

/** A subgroup's teacher, subject and classroom, and its children, drawn from any group (L04). */
export function SubgroupCard({
  mixedGroupId,
  subgroupId,
  subgroup,
  lookups,
}: {
  mixedGroupId: string
  subgroupId: string
  subgroup: MixedSubgroup
  lookups: TimetableLookups
}) {
  const writer = useMixedGroupWriter()
  const [error, setError] = useState<string | null>(null)
  const [picked, setPicked] = useState<string | null>(null)
  // L12: a child is removed from the subgroup (not from their group) once the admin confirms.
  const [removing, setRemoving] = useState<{ id: string; student: string; group: string } | null>(
    null,
  )
  const title = `${subgroup.facilitator} - ${subgroup.subject}`
  const children = lookups.groups
    .filter((g) => g.status === 'active')
    .flatMap((g) => g.students.map((s) => ({ ...s, groupId: g.id, group: g.name })))
    .sort((a, b) => a.name.localeCompare(b.name))
  const add = async (studentId: string | null) => {
    setPicked(studentId)
    const child = children.find((c) => c.id === studentId)
    if (!child) return
    try {
      await writer.addStudent(mixedGroupId, subgroupId, child)
      setError(null)
    } catch (e) {
      setError((e as Error).message)
    }
    setPicked(null)
  }
  return (
    <Card withBorder padding="sm" data-testid="subgroup" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            {title}
            {subgroup.classroom ? ` · ${subgroup.classroom}` : ''}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => void writer.removeSubgroup(mixedGroupId, subgroupId)}
          >
            Remove subgroup
          </Button>
        </Group>
        <Group gap={4}>
          {Object.entries(subgroup.students).map(([id, child]) => (
            <Pill key={id}>
              <Group gap={2} wrap="nowrap" component="span">
                {child.student} ({child.group})
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${child.student}`}
                  onClick={() => setRemoving({ id, student: child.student, group: child.group })}
                />
              </Group>
            </Pill>
          ))}
          {Object.keys(subgroup.students).length === 0 && (
            <Text size="sm" c="dimmed">
              No children yet.
            </Text>
          )}
        </Group>
        <Select
          label={`Add a child to ${title}`}
          placeholder="Choose a child"
          data={children.map((c) => ({ value: c.id, label: `${c.name} (${c.group})` }))}
          searchable
          value={picked}
          onChange={(v) => void add(v)}
          error={error}
        />
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove student"
        message={
          removing
            ? `Remove ${removing.student} from ${title}? ${removing.student} stays in ${removing.group} and no longer goes to this subgroup's lessons.`
            : ''
        }
        action="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await writer.removeStudent(mixedGroupId, subgroupId, removing.id)
          setRemoving(null)
        }}
      />
    </Card>
  )
}
