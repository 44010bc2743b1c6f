import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import {
  MAX_CHILDREN,
  childName,
  emptyChild,
  type ChildValues,
  type StudentFormValues,
} from '../logic/student-form'
import { FormSection } from './application-frame'
import { STUDENT_APPLICATION_TEXT } from './student-application-text'
import { StudentChildDraft } from './student-child-draft'

type Form = UseFormReturnType<StudentFormValues>

/** The children applied for: each one added, edited or removed through the child sub-form. */
export function StudentChildren({ form }: { form: Form }) {
  const values = form.getValues()
  const editing = !!values.childDraft
  return (
    <FormSection title="Children" lead="Add each child you are applying for.">
      {values.children.length > 0 && (
        <Stack gap="xs" data-testid="children-list">
          {values.children.map((child, i) => (
            <ChildCard
              key={i}
              child={child}
              editing={editing}
              onEdit={() => form.setValues({ childDraft: { ...child }, childIndex: i })}
              onRemove={() => form.removeListItem('children', i)}
            />
          ))}
        </Stack>
      )}
      {editing ? (
        <StudentChildDraft form={form} />
      ) : (
        <Group>
          <Button
            variant="default"
            disabled={values.children.length >= MAX_CHILDREN}
            onClick={() => {
              const lastName = values.guardians[0]?.lastName ?? ''
              form.setValues({ childDraft: { ...emptyChild(), lastName }, childIndex: null })
            }}
          >
            {STUDENT_APPLICATION_TEXT.addChild}
          </Button>
        </Group>
      )}
    </FormSection>
  )
}

/** A child already added: who, and Edit and Remove (not while the sub-form is open). */
function ChildCard({
  child,
  editing,
  onEdit,
  onRemove,
}: {
  child: ChildValues
  editing: boolean
  onEdit(): void
  onRemove(): void
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>{childName(child)}</Text>
          <Text size="sm" c="dimmed">
            Born {child.dob} · {child.gender}
            {child.previousSchools.length > 0 &&
              ` · ${child.previousSchools.map((s) => s.school).join(', ')}`}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={editing}
            onClick={onEdit}
            aria-label={`Edit ${childName(child)}`}
          >
            Edit
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={editing}
            onClick={onRemove}
            aria-label={`Remove ${childName(child)}`}
          >
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  )
}
