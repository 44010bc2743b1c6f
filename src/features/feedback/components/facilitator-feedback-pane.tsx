import '@mantine/core/styles/Table.css'
import { useMemo, useState } from 'react'
import {
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import type { FeedbackRow } from '@sync/engine/database'
import { recentTerms, termLabel } from '@sync/rules/feedback/terms'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useFeedbackLookups, useTermFeedback, type FeedbackLookups } from '../hooks/use-feedback'
import { useFeedbackWriter } from '../hooks/use-feedback-writer'
import { feedbackEntries } from '../logic/entries'
import type { FeedbackContext } from '../logic/feedback-form'
import { FeedbackEntryCard } from './feedback-entry-card'
import { GroupFeedbackDialog } from './group-feedback-dialog'
import { StudentFeedbackDialog } from './student-feedback-dialog'

/**
 * The facilitator's Feedback pane: for a group and term, the group feedback and, per student, the
 * student feedback dialog; below, the term's entries newest first (M02–M06). Written on the
 * device, sent when online.
 */
export default function FacilitatorFeedbackPane() {
  const lookups = useFeedbackLookups()
  const terms = useMemo(() => recentTerms(centreDateOf(new Date())), [])
  const [term, setTerm] = useState(terms[0]!)
  const [groupId, setGroupId] = useState('')
  const group = lookups?.groups.find((g) => g.id === groupId) ?? lookups?.groups[0]
  return (
    <Stack>
      <Title order={1} size="h2">
        Feedback
      </Title>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Term"
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          data={terms.map((t) => ({ value: t, label: termLabel(t) }))}
        />
        <NativeSelect
          label="Group"
          value={group?.id ?? ''}
          onChange={(e) => setGroupId(e.currentTarget.value)}
          data={(lookups?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
        />
      </Group>
      {lookups && group ? (
        <GroupTermFeedback lookups={lookups} term={term} groupId={group.id} />
      ) : (
        <Text c="dimmed">{lookups ? 'There are no active groups.' : 'Loading…'}</Text>
      )}
    </Stack>
  )
}

function GroupTermFeedback(props: { lookups: FeedbackLookups; term: string; groupId: string }) {
  const { lookups, term, groupId } = props
  const member = useAuthMember()
  const writer = useFeedbackWriter()
  const rows = useTermFeedback(term, groupId)
  const group = lookups.groups.find((g) => g.id === groupId)!
  const [writing, setWriting] = useState<{
    student: { id: string; name: string }
    existing: FeedbackRow | null
  } | null>(null)
  const [groupEditing, setGroupEditing] = useState<FeedbackRow | 'new' | null>(null)
  const facilitatorId = member?.facilitatorId ?? ''
  const context: FeedbackContext = {
    term,
    groupId,
    facilitatorId,
    facilitatorName: lookups.facilitatorNames[facilitatorId] ?? member?.name ?? '',
  }
  const names = { facilitators: lookups.facilitatorNames, subjects: lookups.subjectNames }
  const entries = feedbackEntries(rows, names)
  const groupRows = rows.filter((r) => r.kind === 'group')
  const groupOptions = groupRows.map((r) => ({
    id: r.id,
    label: `${lookups.subjectNames[r.subject_id ?? ''] ?? ''}: ${
      r.kind === 'group' ? r.data.coveredCurriculum || r.data.projectedCurriculum : ''
    }`.slice(0, 120),
  }))
  // A facilitator edits what they wrote until it is released; the office corrects it after.
  const mine = (author: string, status: string) => author === facilitatorId && status !== 'released'
  return (
    <Stack>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h3">
            Group feedback
          </Title>
          <Button
            variant="default"
            onClick={() => setGroupEditing('new')}
            disabled={!facilitatorId}
          >
            Add group feedback
          </Button>
        </Group>
        {groupRows.length === 0 && (
          <Text c="dimmed" size="sm">
            No group feedback for {termLabel(term)} yet.
          </Text>
        )}
        {groupRows.map(
          (r) =>
            r.kind === 'group' && (
              <Group key={r.id} justify="space-between" wrap="nowrap" data-testid="group-feedback">
                <Text size="sm">
                  <strong>{lookups.subjectNames[r.subject_id ?? '']}</strong> (
                  {lookups.facilitatorNames[r.facilitator_id]}) — Projected:{' '}
                  {r.data.projectedCurriculum || '—'}; Covered: {r.data.coveredCurriculum || '—'}
                </Text>
                {mine(r.facilitator_id, r.status) && (
                  <Button size="compact-sm" variant="default" onClick={() => setGroupEditing(r)}>
                    Edit
                  </Button>
                )}
              </Group>
            ),
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Students
        </Title>
        {group.students.length === 0 ? (
          <Text c="dimmed" size="sm">
            This group has no students.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Student</Table.Th>
                <Table.Th>Entries this term</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.students.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{entries.filter((e) => e.studentId === s.id).length}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      onClick={() => setWriting({ student: s, existing: null })}
                      disabled={!facilitatorId}
                      aria-label={`Write feedback for ${s.name}`}
                    >
                      Write feedback
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Feedback, newest first
        </Title>
        {entries.length === 0 && (
          <Text c="dimmed" size="sm">
            No feedback for {group.name} in {termLabel(term)} yet.
          </Text>
        )}
        {entries.map((e) => (
          <FeedbackEntryCard
            key={e.id}
            entry={e}
            showStatus
            actions={
              mine(e.facilitatorId, e.status) && (
                <Group justify="flex-end">
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() =>
                      setWriting({
                        student: { id: e.studentId, name: e.studentName },
                        existing: rows.find((r) => r.id === e.id) ?? null,
                      })
                    }
                  >
                    Edit
                  </Button>
                </Group>
              )
            }
          />
        ))}
      </Stack>
      <StudentFeedbackDialog
        student={writing?.student ?? null}
        existing={writing?.existing ?? null}
        context={context}
        subjects={lookups.subjects}
        groupFeedback={groupOptions}
        onSave={writer.save}
        newId={writer.newId}
        onClose={() => setWriting(null)}
      />
      <GroupFeedbackDialog
        opened={!!groupEditing}
        groupName={group.name}
        existing={groupEditing === 'new' ? null : groupEditing}
        context={context}
        subjects={lookups.subjects}
        onSave={writer.save}
        newId={writer.newId}
        onClose={() => setGroupEditing(null)}
      />
    </Stack>
  )
}
