import { SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { StepFormValues } from '../logic/step-form'

type Form = UseFormReturnType<StepFormValues>

/** H21: the day, the hours and who welcomes the family. */
export function MeetingFields({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="Meeting date"
        type="date"
        required
        {...form.getInputProps('meeting.date')}
      />
      <TextInput
        label="Who welcomes them"
        required
        maxLength={200}
        {...form.getInputProps('meeting.contact')}
      />
      <TextInput label="Starts" type="time" required {...form.getInputProps('meeting.start')} />
      <TextInput label="Ends" type="time" required {...form.getInputProps('meeting.end')} />
    </SimpleGrid>
  )
}
