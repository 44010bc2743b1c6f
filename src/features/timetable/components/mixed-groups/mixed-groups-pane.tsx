import '../styles'
import '@mantine/core/styles/Pill.css'
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import * as z from 'zod/mini'
import { mixedGroupSchema } from '@sync/contract/collections/timetables'
import { useTimetableLookups } from '../../hooks/use-lookups'
import { useMixedGroups, useMixedGroupWriter } from '../../hooks/use-mixed-groups'
import { MixedGroupCard } from './mixed-group-card'

const newGroupSchema = z.object({ name: mixedGroupSchema.shape.name })
const validate = schemaResolver(newGroupSchema, { sync: true })

/**
 * The Mixed Groups pane (facilitator admins; L02–L05): combined mixed groups, each made of
 * subgroups (a facilitator, a subject, a classroom and children of several groups), with the
 * facilitators' groups and the classrooms they use. Written on the device, synced. The dashboard
 * opens it for facilitator admins only.
 */
export default function MixedGroupsPane() {
  const lookups = useTimetableLookups()
  const groups = useMixedGroups()
  const writer = useMixedGroupWriter()
  const form = useForm({ initialValues: { name: '' }, validate })
  if (!lookups || !groups) return <Text c="dimmed">Loading mixed groups…</Text>
  return (
    <Stack>
      <Title order={1} size="h2">
        Mixed Groups
      </Title>
      <form
        onSubmit={form.onSubmit(async (values) => {
          await writer.create(values.name)
          form.reset()
        })}
      >
        <Group align="flex-end" gap="xs">
          <TextInput
            label="New mixed group"
            placeholder="Friday maths"
            maxLength={100}
            style={{ flex: '1 1 12rem' }}
            {...form.getInputProps('name')}
          />
          <Button type="submit">Add mixed group</Button>
        </Group>
      </form>
      {groups.length === 0 ? (
        <Text c="dimmed">No mixed groups yet.</Text>
      ) : (
        groups.map((g) => <MixedGroupCard key={g.id} id={g.id} group={g.group} lookups={lookups} />)
      )}
    </Stack>
  )
}
