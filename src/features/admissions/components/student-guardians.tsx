import '@mantine/core/styles/Checkbox.css'
import { Button, Checkbox, Group, NativeSelect } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { MARITAL_STATUSES, MARITAL_STATUS_PLACEHOLDER } from '@sync/rules/families/profile'
import { MAX_GUARDIANS, emptyGuardian, type StudentFormValues } from '../logic/student-form'
import { FormSection } from './application-frame'
import { STUDENT_APPLICATION_TEXT } from './student-application-text'
import { StudentGuardian } from './student-guardian'

/** The parents and guardians (up to four), their marital status, and a sole guardian's word. */
export function StudentGuardians({ form }: { form: UseFormReturnType<StudentFormValues> }) {
  const values = form.getValues()
  const askSole =
    values.guardians.length === 1 && !!values.maritalStatus && values.maritalStatus !== 'Married'
  return (
    <FormSection title="Parents and guardians">
      <NativeSelect
        label="Marital status of the parents"
        required
        data={[
          { value: '', label: MARITAL_STATUS_PLACEHOLDER },
          ...MARITAL_STATUSES.map((m) => ({ value: m, label: m })),
        ]}
        {...form.getInputProps('maritalStatus')}
      />
      {values.guardians.map((_, g) => (
        <StudentGuardian
          key={g}
          form={form}
          index={g}
          onRemove={
            values.guardians.length > 1 ? () => form.removeListItem('guardians', g) : undefined
          }
        />
      ))}
      <Group>
        <Button
          variant="default"
          disabled={values.guardians.length >= MAX_GUARDIANS}
          onClick={() => form.insertListItem('guardians', emptyGuardian())}
        >
          {STUDENT_APPLICATION_TEXT.addGuardian}
        </Button>
      </Group>
      {askSole && (
        <Checkbox
          label={STUDENT_APPLICATION_TEXT.soleGuardian}
          {...form.getInputProps('soleGuardian', { type: 'checkbox' })}
        />
      )}
    </FormSection>
  )
}
