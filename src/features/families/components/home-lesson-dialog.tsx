import '@mantine/core/styles/Modal.css'
import { Anchor, Badge, List, Modal, Text } from '@mantine/core'
import type { HomeLesson, HomeWork } from '../logic/home'

/** A lesson of the Home's week, opened: its topic, assignments and resources (read-only). */
export function HomeLessonDialog({
  lesson,
  day,
  work,
  onClose,
}: {
  lesson: HomeLesson
  day: string
  work: readonly HomeWork[]
  onClose(): void
}) {
  return (
    <Modal opened onClose={onClose} title={`${lesson.subject} · ${day} ${lesson.timing}`}>
      <Text size="sm" mb="sm">
        {lesson.topic ? `Topic: ${lesson.topic}` : 'No topic is set for this lesson yet.'}
      </Text>
      {lesson.details && (
        <Text size="sm" mb="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="lesson-details">
          {lesson.details}
        </Text>
      )}
      {work.length === 0 ? (
        <Text size="sm" c="dimmed">
          No assignments or resources for this lesson yet.
        </Text>
      ) : (
        <WorkList work={work} />
      )}
    </Modal>
  )
}

/** Assignments and resources, a resource's link opening in a new tab. */
export function WorkList({ work }: { work: readonly HomeWork[] }) {
  return (
    <List size="sm" spacing="xs" listStyleType="none" data-testid="lesson-work">
      {work.map((w) => (
        <List.Item key={w.id}>
          <Badge size="xs" variant="light" mr={6}>
            {w.kind === 'assignment' ? 'Assignment' : 'Resource'}
          </Badge>
          {w.link ? (
            <Anchor href={w.link} target="_blank" rel="noopener noreferrer" inherit>
              {w.title}
            </Anchor>
          ) : (
            <Text span inherit fw={500}>
              {w.title}
            </Text>
          )}
          {w.detail && (
            <Text size="sm" c="dimmed">
              {w.detail}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  )
}
