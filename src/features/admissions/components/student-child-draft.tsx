import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { GENDERS } from '@sync/rules/families/profile'
import { childProblems, emptySchool, type StudentFormValues } from '../logic/student-form'
import { choose } from './application-frame'
import { STUDENT_APPLICATION_TEXT } from './student-application-text'

type Form = UseFormReturnType<StudentFormValues>

/** The child sub-form: one child at a time, saved into the list or cancelled. */
export function StudentChildDraft({ form }: { form: Form }) {
  const values = form.getValues()
  const draft = values.childDraft
  if (!draft) return null

  const saveChild = () => {
    const problems = childProblems(draft)
    if (Object.keys(problems).length > 0) {
      form.setErrors(problems)
      return
    }
    const children = [...values.children]
    if (values.childIndex === null) children.push(draft)
    else children[values.childIndex] = draft
    form.setValues({ children, childDraft: null, childIndex: null })
    form.clearErrors()
  }

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label="Child">
      <Stack gap="sm">
        <Text fw={600}>
          {values.childIndex === null ? 'New child' : `Child ${values.childIndex + 1}`}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Child's first name"
            required
            {...form.getInputProps('childDraft.firstName')}
          />
          <TextInput label="Child's middle name" {...form.getInputProps('childDraft.middleName')} />
          <TextInput
            label="Child's last name"
            required
            {...form.getInputProps('childDraft.lastName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Child's date of birth"
            type="date"
            required
            {...form.getInputProps('childDraft.dob')}
          />
          <NativeSelect
            label="Child's gender"
            required
            data={choose(GENDERS)}
            {...form.getInputProps('childDraft.gender')}
          />
          <TextInput
            label="Child's nationality"
            required
            {...form.getInputProps('childDraft.nationality')}
          />
        </SimpleGrid>
        <PreviousSchools form={form} count={draft.previousSchools.length} />
        <Group>
          <Button onClick={saveChild}>{STUDENT_APPLICATION_TEXT.saveChild}</Button>
          <Button
            variant="default"
            onClick={() => {
              form.setValues({ childDraft: null, childIndex: null })
              form.clearErrors()
            }}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/** The schools the child went to before, each with its grade and years; up to ten. */
function PreviousSchools({ form, count }: { form: Form; count: number }) {
  return (
    <>
      <Text size="sm" fw={600}>
        Previous schools
      </Text>
      {Array.from({ length: count }, (_, s) => (
        <Group key={s} align="end" gap="xs" wrap="wrap">
          <TextInput
            style={{ flex: '2 1 12rem' }}
            label="School"
            {...form.getInputProps(`childDraft.previousSchools.${s}.school`)}
          />
          <TextInput
            style={{ flex: '1 1 6rem' }}
            label="Grade"
            {...form.getInputProps(`childDraft.previousSchools.${s}.grade`)}
          />
          <TextInput
            style={{ flex: '1 1 6rem' }}
            label="Years"
            {...form.getInputProps(`childDraft.previousSchools.${s}.years`)}
          />
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => form.removeListItem('childDraft.previousSchools', s)}
            aria-label={`Remove school ${s + 1}`}
          >
            Remove
          </Button>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          disabled={count >= 10}
          onClick={() => form.insertListItem('childDraft.previousSchools', emptySchool())}
        >
          Add a previous school
        </Button>
      </Group>
    </>
  )
}
