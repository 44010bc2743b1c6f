import { Button, Group, List, Stack } from '@mantine/core'
import { useApplicationForm } from '../hooks/use-application-form'
import {
  STUDENT_DRAFT_KEY,
  readStudentDraft,
  emptyStudentForm,
  studentApplicationOf,
  studentFormProblems,
  submitReasons,
  type StudentFormValues,
} from '../logic/student-form'
import { ApplicationFrame, ApplicationStatus, RefusedAlert } from './application-frame'
import { STUDENT_APPLICATION_TEXT } from './student-application-text'
import { StudentChildren } from './student-children'
import { StudentGuardians } from './student-guardians'

const frame = { title: STUDENT_APPLICATION_TEXT.title, lead: STUDENT_APPLICATION_TEXT.lead }

/** The public student application (/apply-students), usable offline and on 2g. */
export function StudentApplication() {
  const { form, entry, sending, submit, submitted, startAnother } =
    useApplicationForm<StudentFormValues>({
      kind: 'student',
      draftKey: STUDENT_DRAFT_KEY,
      readDraft: readStudentDraft,
      empty: emptyStudentForm,
      validate: studentFormProblems,
    })

  if (submitted) {
    return (
      <ApplicationFrame {...frame}>
        <ApplicationStatus entry={entry} sending={sending} onAnother={startAnother} />
      </ApplicationFrame>
    )
  }

  const reasons = submitReasons(form.getValues())

  return (
    <ApplicationFrame {...frame}>
      <RefusedAlert entry={entry} />
      <form noValidate onSubmit={form.onSubmit((v) => submit(studentApplicationOf(v)))}>
        <Stack gap="lg">
          <StudentChildren form={form} />
          <StudentGuardians form={form} />
          <Stack gap="xs">
            {reasons.length > 0 && (
              <List size="sm" c="dimmed" aria-label="Before you can send" id="send-blocks">
                {reasons.map((r) => (
                  <List.Item key={r}>{r}</List.Item>
                ))}
              </List>
            )}
            <Group>
              <Button
                type="submit"
                disabled={reasons.length > 0}
                aria-describedby={reasons.length > 0 ? 'send-blocks' : undefined}
              >
                {STUDENT_APPLICATION_TEXT.submit}
              </Button>
            </Group>
          </Stack>
        </Stack>
      </form>
    </ApplicationFrame>
  )
}
