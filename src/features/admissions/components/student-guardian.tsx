import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { GUARDIAN_QUESTIONS } from '@sync/rules/admissions/questions'
import { GENDERS, YES_NO_NOT_SURE } from '@sync/rules/families/profile'
import { PREFIX_OPTIONS } from '../logic/facilitator-form'
import type { StudentFormValues } from '../logic/student-form'
import { choose } from './application-frame'

type Form = UseFormReturnType<StudentFormValues>

/**
 * One parent or guardian: who, how to reach them, their work, and the guardian questions. The
 * first one's name and e-mail are the browser's to fill in.
 */
export function StudentGuardian({
  form,
  index: g,
  onRemove,
}: {
  form: Form
  index: number
  /** Absent for the only one. */
  onRemove?: () => void
}) {
  const field = (name: string) => form.getInputProps(`guardians.${g}.${name}`)
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`Parent or guardian ${g + 1}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Parent or guardian {g + 1}</Text>
          {onRemove && (
            <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
              Remove
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="First name"
            required
            autoComplete={g === 0 ? 'given-name' : 'off'}
            {...field('firstName')}
          />
          <TextInput label="Middle name" {...field('middleName')} />
          <TextInput
            label="Last name"
            required
            autoComplete={g === 0 ? 'family-name' : 'off'}
            {...field('lastName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Date of birth" type="date" required {...field('dob')} />
          <NativeSelect label="Gender" required data={choose(GENDERS)} {...field('gender')} />
          <TextInput label="Nationality" required {...field('nationality')} />
        </SimpleGrid>
        <TextInput
          label="E-mail"
          type="email"
          required
          autoComplete={g === 0 ? 'email' : 'off'}
          {...field('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect label="Country code" data={PREFIX_OPTIONS} {...field('prefix')} />
          <TextInput label="Mobile" type="tel" required {...field('mobile')} />
        </SimpleGrid>
        <Textarea label="Address" autosize minRows={2} {...field('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Occupation" {...field('occupation')} />
          <TextInput label="Work place" {...field('workPlace')} />
        </SimpleGrid>
        <Textarea label="Job description" autosize minRows={2} {...field('jobDescription')} />
        <Textarea
          label="About you"
          description="Anything you would like us to know about you."
          autosize
          minRows={2}
          {...field('about')}
        />
        <GuardianQuestions field={field} />
      </Stack>
    </Paper>
  )
}

/** The guardian questions, all optional. */
function GuardianQuestions({
  field,
}: {
  field: (name: string) => ReturnType<Form['getInputProps']>
}) {
  return (
    <>
      <Text size="sm" fw={600}>
        A few questions (answer as much as you like)
      </Text>
      {GUARDIAN_QUESTIONS.map((q) =>
        q.answer === 'yes-no' ? (
          <NativeSelect
            key={q.id}
            label={q.text}
            data={choose(YES_NO_NOT_SURE)}
            {...field(`questions.${q.id}`)}
          />
        ) : (
          <Textarea
            key={q.id}
            label={q.text}
            autosize
            minRows={2}
            {...field(`questions.${q.id}`)}
          />
        ),
      )}
    </>
  )
}
