import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/NumberInput.css'
import { useMemo } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useSubmit } from '@/components/form/use-submit'
import { useFieldTripWriter, useTripChoices, useTripStudents } from '../hooks/use-field-trips'
import {
  fieldTripFormSchema,
  fieldTripInitial,
  fieldTripRow,
  type FieldTripValues,
} from '../logic/field-trips'

/**
 * The field-trip dialog (N13), from the facilitator's dashboard and the office's Events list:
 * what, when, what it costs, and who goes. Choosing a group ticks its students; untick those who
 * stay behind. Saved on the device, offline too.
 */
export function FieldTripDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { groups, facilitators } = useTripChoices()
  const students = useTripStudents()
  const writer = useFieldTripWriter()
  const validate = useMemo(() => schemaResolver(fieldTripFormSchema, { sync: true }), [])
  const form = useForm<FieldTripValues>({
    initialValues: fieldTripInitial(),
    validate,
    validateInputOnBlur: true,
  })
  const { busy, failure, attempt } = useSubmit()
  const close = () => {
    form.reset()
    onClose()
  }
  const groupOf = Object.fromEntries(students.map((s) => [s.id, s.group_id]))
  const chosen = new Set(form.values.groupIds)
  const inGroups = students.filter((s) => s.group_id !== null && chosen.has(s.group_id))
  const chooseGroups = (ids: string[]) => {
    const added = ids.filter((g) => !chosen.has(g))
    const kept = form.values.studentIds.filter((s) => ids.includes(groupOf[s] ?? ''))
    const joining = students.filter((s) => s.group_id !== null && added.includes(s.group_id))
    form.setFieldValue('groupIds', ids)
    form.setFieldValue('studentIds', [...new Set([...kept, ...joining.map((s) => s.id)])])
  }
  const submit = form.onSubmit(async (values) => {
    await attempt(async () => {
      await writer.create(fieldTripRow(values, writer.newId(), groupOf))
      close()
    })
  })
  const fee = form.getInputProps('fee')
  return (
    <Modal opened={opened} onClose={close} title="New field trip" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <TextInput
              label="Start date"
              type="date"
              required
              {...form.getInputProps('startDate')}
            />
            <TextInput label="End date" type="date" required {...form.getInputProps('endDate')} />
            <NumberInput
              label="Fee per student (₹)"
              min={0}
              allowDecimal={false}
              thousandSeparator=","
              {...fee}
              onChange={(v) => form.setFieldValue('fee', typeof v === 'number' ? v : Number.NaN)}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Textarea label="Itinerary" autosize minRows={2} {...form.getInputProps('itinerary')} />
          <Textarea
            label="Packing list"
            autosize
            minRows={2}
            {...form.getInputProps('packingList')}
          />
          <Checkbox.Group
            label="Groups"
            required
            {...form.getInputProps('groupIds')}
            onChange={chooseGroups}
          >
            <Group gap="md" mt="xs">
              {groups.map((g) => (
                <Checkbox key={g.id} value={g.id} label={g.name} />
              ))}
            </Group>
          </Checkbox.Group>
          {inGroups.length > 0 && (
            <Checkbox.Group label="Students who go" {...form.getInputProps('studentIds')}>
              <Group gap="md" mt="xs">
                {inGroups.map((s) => (
                  <Checkbox key={s.id} value={s.id} label={s.name} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          {form.values.groupIds.length > 0 && inGroups.length === 0 && (
            <Text size="sm" c="dimmed">
              No students in these groups yet.
            </Text>
          )}
          <Checkbox.Group label="Facilitators who go" {...form.getInputProps('facilitatorIds')}>
            <Group gap="md" mt="xs">
              {facilitators.map((f) => (
                <Checkbox key={f.id} value={f.id} label={f.name} />
              ))}
            </Group>
          </Checkbox.Group>
          <Textarea
            label="Parents who come along"
            description="One name a line"
            autosize
            minRows={2}
            {...form.getInputProps('parents')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save trip
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

export default FieldTripDialog
