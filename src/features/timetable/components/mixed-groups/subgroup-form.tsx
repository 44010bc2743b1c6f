import { Button, Group, Select, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import * as z from 'zod/mini'
import { mixedSubgroupSchema } from '@sync/contract/collections/timetables'
import type { TimetableLookups } from '../../hooks/use-lookups'
import { useMixedGroupWriter } from '../../hooks/use-mixed-groups'

const subgroupFormSchema = z.object({
  facilitatorId: mixedSubgroupSchema.shape.facilitatorId,
  subjectId: mixedSubgroupSchema.shape.subjectId,
  classroomId: z.string(),
})
const validate = schemaResolver(subgroupFormSchema, { sync: true })

const byName = <T extends { name: string }>(list: T[]) =>
  [...list].sort((a, b) => a.name.localeCompare(b.name))

/**
 * Adds a subgroup: a facilitator teaching a subject, in a classroom if one is chosen. The fields
 * hand Mantine null for "nothing chosen", so that emptying the form after a subgroup is added
 * clears their text too (an empty string would leave the last name in a searchable field, and
 * its list filtered down to that name).
 */
export function SubgroupForm({
  mixedGroupId,
  lookups,
}: {
  mixedGroupId: string
  lookups: TimetableLookups
}) {
  const writer = useMixedGroupWriter()
  const form = useForm({
    initialValues: { facilitatorId: '', subjectId: '', classroomId: '' },
    validate,
  })
  const subjects = Object.values(lookups.subjects)
  // Subjects marked for mixed groups (K11) are offered; all of them when none is marked.
  const offered = subjects.some((s) => s.mixedGroup)
    ? subjects.filter((s) => s.mixedGroup)
    : subjects
  const options = (list: { id: string; name: string }[]) =>
    byName(list).map((x) => ({ value: x.id, label: x.name }))
  return (
    <form
      aria-label="Add a subgroup"
      onSubmit={form.onSubmit(async (v) => {
        await writer.addSubgroup(mixedGroupId, {
          facilitatorId: v.facilitatorId,
          facilitator: lookups.facilitators[v.facilitatorId]?.name ?? '',
          subjectId: v.subjectId,
          subject: lookups.subjects[v.subjectId]?.name ?? '',
          classroomId: v.classroomId || null,
          classroom: v.classroomId ? (lookups.classrooms[v.classroomId]?.name ?? null) : null,
        })
        form.reset()
      })}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Add a subgroup
        </Text>
        <Group align="flex-start" gap="xs" grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label="Facilitator"
            data={options(Object.values(lookups.facilitators))}
            searchable
            style={{ minWidth: '10rem' }}
            {...form.getInputProps('facilitatorId')}
            value={form.values.facilitatorId || null}
            onChange={(v) => form.setFieldValue('facilitatorId', v ?? '')}
          />
          <Select
            label="Subject"
            data={options(offered)}
            searchable
            style={{ minWidth: '10rem' }}
            {...form.getInputProps('subjectId')}
            value={form.values.subjectId || null}
            onChange={(v) => form.setFieldValue('subjectId', v ?? '')}
          />
          <Select
            label="Classroom"
            data={options(Object.values(lookups.classrooms))}
            clearable
            style={{ minWidth: '10rem' }}
            {...form.getInputProps('classroomId')}
            value={form.values.classroomId || null}
            onChange={(v) => form.setFieldValue('classroomId', v ?? '')}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" size="compact-sm" variant="light">
            Add subgroup
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
