import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { StepFormValues } from '../logic/step-form'
import type { SenderAccount } from '../logic/step-senders'

type Form = UseFormReturnType<StepFormValues>

/** Sender, recipients and copies of a step's e-mail. */
export function MailFields({ form, senders }: { form: Form; senders: SenderAccount[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <NativeSelect
        label="Sender"
        required
        data={senders.map((s) => ({ value: s.key, label: s.display_name }))}
        {...form.getInputProps('mail.sender')}
      />
      <TextInput
        label="To"
        required
        description="Separate addresses with commas."
        autoComplete="off"
        {...form.getInputProps('mail.to')}
      />
      <TextInput label="Cc" autoComplete="off" {...form.getInputProps('mail.cc')} />
    </SimpleGrid>
  )
}
