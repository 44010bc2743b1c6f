import { NativeSelect } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { stepChildren } from '../logic/step-children'
import type { StepFormValues } from '../logic/step-form'
import { groupChoices, type GroupOption } from '../logic/step-options'

type Form = UseFormReturnType<StepFormValues>
type Data = Record<string, unknown>

const NO_GROUPS = 'No groups on this device yet: an admin adds them in the reference lists.'

/** The child a step is for, among those it is open to. */
export function ChildSelect({
  form,
  data,
  kind,
  onChoose,
}: {
  form: Form
  data: Data
  kind: 'trial' | 'admission' | 'admissionPayment' | 'enrolment'
  onChoose(child: number): void
}) {
  return (
    <NativeSelect
      label="Child"
      required
      data={stepChildren(data, kind).map((c) => ({ value: String(c.index), label: c.name }))}
      value={String(form.getValues()[kind].child)}
      onChange={(e) => onChoose(Number(e.currentTarget.value))}
      error={form.errors[`${kind}.child`]}
    />
  )
}

/** A group for the step, with a word on where groups come from when the device has none. */
export function GroupSelect({
  label,
  groups,
  value,
  error,
  onChoose,
}: {
  label: string
  groups: readonly GroupOption[]
  value: string
  error: unknown
  onChoose(id: string): void
}) {
  const choices = groupChoices(groups, value)
  return (
    <NativeSelect
      label={label}
      required
      data={[
        { value: '', label: 'Choose a group' },
        ...choices.map((g) => ({ value: g.id, label: g.name })),
      ]}
      value={value}
      onChange={(e) => onChoose(e.currentTarget.value)}
      error={error as string | undefined}
      description={choices.length === 0 ? NO_GROUPS : undefined}
    />
  )
}
