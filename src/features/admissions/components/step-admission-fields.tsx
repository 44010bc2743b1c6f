import '@mantine/core/styles/NumberInput.css'
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { CONTRIBUTION_TYPES } from '@sync/rules/admissions/steps'
import {
  admissionDefaults,
  admissionTermOptions,
  withGroup,
  withTariff,
} from '../logic/step-admission'
import type { StepFormValues } from '../logic/step-form'
import { tariffLabel, type GroupOption, type TariffOption } from '../logic/step-options'
import { ChildSelect, GroupSelect } from './step-selects'

type Form = UseFormReturnType<StepFormValues>
type Data = Record<string, unknown>

const money = {
  min: 0,
  allowNegative: false,
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
  hideControls: true,
} as const

/** H31: the child, the term, the group with its fee tariff, the fees and the contribution. */
export function AdmissionFields({
  form,
  data,
  groups,
  tariffs,
  today,
}: {
  form: Form
  data: Data
  groups: readonly GroupOption[]
  tariffs: readonly TariffOption[]
  today: string
}) {
  const admission = form.getValues().admission
  const terms = [...new Set([admission.admissionTerm, ...admissionTermOptions(today)])].filter(
    Boolean,
  )
  const set = (next: typeof admission) => form.setFieldValue('admission', next)
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <ChildSelect
        form={form}
        data={data}
        kind="admission"
        onChoose={(child) => set(admissionDefaults(data, child, today, groups, tariffs))}
      />
      <NativeSelect
        label="Admission term"
        required
        data={terms}
        {...form.getInputProps('admission.admissionTerm')}
      />
      <TextInput
        label="About the term (optional)"
        maxLength={500}
        {...form.getInputProps('admission.admissionTermDescription')}
      />
      <GroupSelect
        label="Group"
        groups={groups}
        value={admission.groupId}
        error={form.errors['admission.groupId'] ?? form.errors['admission.groupName']}
        onChoose={(id) => set(withGroup(form.getValues().admission, id, groups, tariffs))}
      />
      <NativeSelect
        label="Fee tariff"
        required
        data={[
          { value: '', label: 'Choose a fee tariff' },
          ...tariffs.map((t) => ({ value: t.id, label: tariffLabel(t) })),
        ]}
        value={admission.feeTariffId}
        onChange={(e) =>
          set(withTariff(form.getValues().admission, e.currentTarget.value, tariffs))
        }
        error={form.errors['admission.feeTariffId']}
      />
      <NumberInput
        label="Monthly fee (₹)"
        required
        {...money}
        {...form.getInputProps('admission.monthlyFee')}
      />
      <NumberInput
        label="Admission fee (₹)"
        required
        {...money}
        {...form.getInputProps('admission.admissionFee')}
      />
      <NumberInput
        label="Deposit (₹)"
        required
        {...money}
        {...form.getInputProps('admission.depositFee')}
      />
      <NativeSelect
        label="Contribution type"
        required
        data={[...CONTRIBUTION_TYPES]}
        {...form.getInputProps('admission.contributionType')}
      />
      <NumberInput
        label="Contribution (₹)"
        required
        {...money}
        {...form.getInputProps('admission.contributionFee')}
      />
    </SimpleGrid>
  )
}
