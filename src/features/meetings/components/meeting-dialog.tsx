import { useMemo } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useSubmit } from '@/components/form/use-submit'
import { useMeetingGroups, useMeetingWriter } from '../hooks/use-meetings'
import {
  meetingFormSchema,
  meetingInitial,
  meetingRow,
  type MeetingValues,
} from '../logic/meetings'

/**
 * The parents' meeting dialog (N01), from the facilitator's dashboard and the office's Meetings
 * list: what, when, and which groups' guardians are invited. Saved on the device, offline too;
 * the invitations go out from the server once the meeting reaches it.
 */
export function MeetingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const groups = useMeetingGroups()
  const writer = useMeetingWriter()
  const validate = useMemo(() => schemaResolver(meetingFormSchema, { sync: true }), [])
  const form = useForm<MeetingValues>({
    initialValues: meetingInitial(),
    validate,
    validateInputOnBlur: true,
  })
  const { busy, failure, attempt } = useSubmit()
  const close = () => {
    form.reset()
    onClose()
  }
  const submit = form.onSubmit(async (values) => {
    await attempt(async () => {
      await writer.create(meetingRow(values, writer.newId()))
      close()
    })
  })
  return (
    <Modal opened={opened} onClose={close} title="New parents’ meeting" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
            <TextInput label="Start" type="time" required {...form.getInputProps('startTime')} />
            <TextInput label="End" type="time" required {...form.getInputProps('endTime')} />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Checkbox.Group
            label="Invite the guardians of"
            required
            {...form.getInputProps('groupIds')}
          >
            <Group gap="md" mt="xs">
              {groups.map((g) => (
                <Checkbox key={g.id} value={g.id} label={g.name} />
              ))}
            </Group>
          </Checkbox.Group>
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
              Send invitations
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
