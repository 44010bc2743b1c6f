import { Anchor, Badge, List, Modal, Stack, Tabs, Text } from '@mantine/core'
import { lessonKey } from '@sync/contract/collections/timetables'
import { useMediaQuery } from '@mantine/hooks'
import { useAuthMember } from '@/lib/auth/use-auth'
import { dueDateOf, nextOccurrenceOf } from '@/lib/time/due-date'
import { shortDate } from '@sync/rules/text'
import { NARROW_QUERY } from '@/lib/navigation/model'
import type { Session } from '../logic/types'
import { useLessonItems } from '../hooks/use-lesson-items'
import type { TimetableLookups } from '../hooks/use-lookups'
import { useTimetableWriter } from '../hooks/use-timetable-writer'
import { AssignmentForm } from './assignment-form'
import { AttachOwnItem } from './attach-own-item'
import { EditLesson } from './edit-lesson'
import { LessonAbsences } from './lesson-absences'
import { LessonComments } from './lesson-comments'
import { ResourceForm } from './resource-form'
import { TopicPicker } from './topic-picker'

export interface SessionDialogProps {
  session: Session
  groupId: string
  weekKey: string
  /** The lesson's date: an assignment given in it is due a week later unless set otherwise. */
  lessonDate: string | null
  lookups: TimetableLookups
  /** The lesson's day, for marking who is away from it. */
  date?: string
  onClose(): void
  onTopic(topicId: string | null): void
  onSubtopic(subtopicId: string | null): void
}

/** The session detail dialog: topic, comments, resources, assignments and students (K21). */
export function SessionDialog({
  session: s,
  groupId,
  weekKey,
  lessonDate,
  lookups,
  date,
  onClose,
  onTopic,
  onSubtopic,
}: SessionDialogProps) {
  const member = useAuthMember()
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  const writer = useTimetableWriter()
  const items = useLessonItems(lessonKey(weekKey, s.id))
  const subject = s.subjectId ? lookups.subjects[s.subjectId] : undefined
  const group = lookups.groups.find((g) => g.id === groupId)
  // A mixed-group lesson lists its own students; otherwise the lesson is the whole group's.
  const everyone = lookups.groups.flatMap((g) => g.students)
  const students =
    s.students.length > 0
      ? s.students.map((id) => everyone.find((st) => st.id === id) ?? { id, name: id })
      : (group?.students ?? [])
  const add = (kind: 'comment' | 'resource' | 'assignment', data: object) =>
    writer.addItem({
      kind,
      weekKey,
      sessionId: s.id,
      groupId,
      data,
    })
  const resources = items.filter((i) => i.kind === 'resource')
  const assignments = items.filter((i) => i.kind === 'assignment')
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={`${subject?.name ?? 'Lesson'} · ${lookups.timings[s.timingId] ?? ''}`}
    >
      <Tabs
        defaultValue="topic"
        keepMounted={false}
        styles={{
          // On a phone the tabs wrap onto a second row, each shown whole: a row that scrolls
          // sideways cut the last visible one to "Assi…".
          list: narrow
            ? { flexWrap: 'wrap' }
            : { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'thin' },
          tab: {
            flexShrink: 0,
            whiteSpace: 'nowrap',
            ...(narrow && {
              paddingInline: 'var(--mantine-spacing-xs)',
              fontSize: 'var(--mantine-font-size-xs)',
            }),
          },
        }}
      >
        {/* On a wide screen one row; should it overflow, the arrow keys bring the focused tab
            into view. */}
        <Tabs.List
          data-testid="lesson-tabs"
          onFocus={(e) => e.target.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
        >
          <Tabs.Tab value="topic">Topic</Tabs.Tab>
          <Tabs.Tab value="comments">
            Comments ({items.filter((i) => i.kind === 'comment').length})
          </Tabs.Tab>
          <Tabs.Tab value="resources">Resources ({resources.length})</Tabs.Tab>
          <Tabs.Tab value="assignments">Assignments ({assignments.length})</Tabs.Tab>
          <Tabs.Tab value="students">Students</Tabs.Tab>
          {member?.isFacilitatorAdmin && <Tabs.Tab value="lesson">Edit lesson</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="topic" pt="sm">
          <TopicPicker session={s} lookups={lookups} onTopic={onTopic} onSubtopic={onSubtopic} />
        </Tabs.Panel>
        <Tabs.Panel value="comments" pt="sm">
          <LessonComments
            items={items}
            lookups={lookups}
            onAdd={(text) => add('comment', { text })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="resources" pt="sm">
          <Stack gap="xs">
            {resources.map((r) => (
              <Text key={r.id} size="sm" data-testid="resource">
                <Badge size="xs" mr={6}>
                  {String(r.data.type ?? 'link')}
                </Badge>
                {typeof r.data.link === 'string' ? (
                  <Anchor href={r.data.link} target="_blank" rel="noreferrer">
                    {String(r.data.description || r.data.link)}
                  </Anchor>
                ) : (
                  String(r.data.description ?? '')
                )}
                {typeof r.data.fileExtension === 'string' && ` (.${r.data.fileExtension})`}
              </Text>
            ))}
            <ResourceForm onSubmit={(data) => add('resource', data)} />
            <AttachOwnItem kind="resource" onAttach={(data) => add('resource', data)} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="assignments" pt="sm">
          <Stack gap="xs">
            {assignments.map((a) => (
              <Text key={a.id} size="sm" data-testid="assignment">
                <b>{String(a.data.title)}</b> {String(a.data.description ?? '')}
                {lessonDate && (
                  <Text span inherit c="dimmed">
                    {' '}
                    · due {shortDate(dueDateOf(a.data, lessonDate))}
                  </Text>
                )}
              </Text>
            ))}
            <AssignmentForm
              context={{ subjectId: s.subjectId, topicId: s.topicId, subTopicId: s.subtopicId }}
              onSubmit={(data) => add('assignment', data)}
              defaultDue={lessonDate ? nextOccurrenceOf(lessonDate) : undefined}
            />
            <AttachOwnItem kind="assignment" onAttach={(data) => add('assignment', data)} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="students" pt="sm">
          {date ? (
            <LessonAbsences
              students={students}
              groupId={groupId}
              date={date}
              lessonId={lessonKey(weekKey, s.id)}
            />
          ) : students.length > 0 ? (
            <List size="sm">
              {students.map((st) => (
                <List.Item key={st.id}>{st.name}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              No students are listed for this group.
            </Text>
          )}
        </Tabs.Panel>
        {member?.isFacilitatorAdmin && (
          <Tabs.Panel value="lesson" pt="sm">
            <EditLesson
              session={s}
              groupId={groupId}
              weekKey={weekKey}
              lookups={lookups}
              onDone={onClose}
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </Modal>
  )
}
