import { SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { StepFormValues } from '../logic/step-form'
import { ChildSelect } from './step-selects'

type Form = UseFormReturnType<StepFormValues>
type Data = Record<string, unknown>

/** H39: the child to enrol and the first day at the centre. */
export function EnrolmentFields({ form, data }: { form: Form; data: Data }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <ChildSelect
        form={form}
        data={data}
        kind="enrolment"
        onChoose={(child) => form.setFieldValue('enrolment.child', child)}
      />
      <TextInput
        label="Start date"
        type="date"
        required
        {...form.getInputProps('enrolment.startDate')}
      />
    </SimpleGrid>
  )
}
