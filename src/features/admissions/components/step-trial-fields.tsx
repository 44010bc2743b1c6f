import { SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { trialDefaults } from '../logic/step-defaults'
import type { StepFormValues } from '../logic/step-form'
import type { GroupOption } from '../logic/step-options'
import { ChildSelect, GroupSelect } from './step-selects'

type Form = UseFormReturnType<StepFormValues>
type Data = Record<string, unknown>

/** H25: the child, the group and the trial days. */
export function TrialFields({
  form,
  data,
  groups,
}: {
  form: Form
  data: Data
  groups: readonly GroupOption[]
}) {
  const trial = form.getValues().trial
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <ChildSelect
        form={form}
        data={data}
        kind="trial"
        onChoose={(child) => form.setFieldValue('trial', trialDefaults(data, child))}
      />
      <GroupSelect
        label="Trial group"
        groups={groups}
        value={trial.groupId}
        error={form.errors['trial.groupId'] ?? form.errors['trial.groupName']}
        onChoose={(id) =>
          form.setFieldValue('trial', {
            ...form.getValues().trial,
            groupId: id,
            groupName: groups.find((g) => g.id === id)?.name ?? '',
          })
        }
      />
      <TextInput
        label="First trial day"
        type="date"
        required
        {...form.getInputProps('trial.start')}
      />
      <TextInput label="Last trial day" type="date" required {...form.getInputProps('trial.end')} />
    </SimpleGrid>
  )
}
