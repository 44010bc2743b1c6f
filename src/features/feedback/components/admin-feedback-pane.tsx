import '@mantine/core/styles/Table.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Card.css'
import { useMemo, useState } from 'react'
import { Button, Card, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { recentTerms, termLabel } from '@sync/rules/feedback/terms'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useFeedbackLookups, useTermFeedback, type FeedbackLookups } from '../hooks/use-feedback'
import { useFeedbackWriter } from '../hooks/use-feedback-writer'
import {
  releaseSummary,
  termOverview,
  type GroupOverview,
  type StatusCounts,
  type StudentOverview,
} from '../logic/term-overview'
import { FeedbackChart } from './feedback-chart'
import { FeedbackEntryCard } from './feedback-entry-card'

const STATUS_WORDS = { draft: 'Draft', ready: 'Ready', released: 'Released' } as const

function countsText(c: StatusCounts): string {
  return `${c.released} released · ${c.ready} ready · ${c.draft} draft`
}

interface Release {
  what: string
  ids: string[]
  counts: StatusCounts
}

/**
 * The admin's Feedback pane: for a term, which group and student has feedback from which
 * facilitator and what is missing; the office or a facilitator admin releases a term's or a
 * group's ready feedback to the families (M08). Read from and written on the device.
 */
export default function AdminFeedbackPane() {
  const lookups = useFeedbackLookups()
  const terms = useMemo(() => recentTerms(centreDateOf(new Date())), [])
  const [term, setTerm] = useState(terms[0]!)
  return (
    <Stack>
      <Title order={1} size="h2">
        Feedback
      </Title>
      <Select
        label="Term"
        value={term}
        onChange={(value) => value && setTerm(value)}
        data={terms.map((t) => ({ value: t, label: termLabel(t) }))}
        allowDeselect={false}
        maw={260}
      />
      {lookups ? <TermPane term={term} lookups={lookups} /> : <Text c="dimmed">Loading…</Text>}
    </Stack>
  )
}

function TermPane({ term, lookups }: { term: string; lookups: FeedbackLookups }) {
  const rows = useTermFeedback(term)
  const writer = useFeedbackWriter()
  const [release, setRelease] = useState<Release | null>(null)
  const [student, setStudent] = useState<StudentOverview | null>(null)
  const overview = useMemo(
    () =>
      termOverview(rows, term, lookups.groups, {
        facilitators: lookups.facilitatorNames,
        subjects: lookups.subjectNames,
      }),
    [rows, term, lookups],
  )
  const label = termLabel(term)
  return (
    <>
      <Group justify="space-between" align="center" gap="xs">
        <Text data-testid="term-counts">
          {label}: {countsText(overview.counts)}
        </Text>
        <Button
          disabled={overview.readyIds.length === 0}
          onClick={() =>
            setRelease({ what: label, ids: overview.readyIds, counts: overview.counts })
          }
        >
          Release {label}
        </Button>
      </Group>
      {overview.groups.map((g) => (
        <GroupCard
          key={g.groupId}
          group={g}
          onRelease={() =>
            setRelease({ what: `${g.groupName}, ${label}`, ids: g.readyIds, counts: g.counts })
          }
          onStudent={setStudent}
        />
      ))}
      <ConfirmDialog
        opened={release !== null}
        title={`Release ${release?.what ?? ''}?`}
        message={release ? releaseSummary(release.counts) : ''}
        action="Release"
        color="blue"
        onCancel={() => setRelease(null)}
        onConfirm={async () => {
          if (!release) return
          const n = await writer.release(release.ids)
          setRelease(null)
          notifications.show({
            color: 'green',
            autoClose: 2000,
            message: `${n} ${n === 1 ? 'entry' : 'entries'} released: the families see ${n === 1 ? 'it' : 'them'} once synced.`,
          })
        }}
      />
      <Modal
        opened={student !== null}
        onClose={() => setStudent(null)}
        title={student ? `${student.name}, ${label}` : ''}
        size="lg"
      >
        {student && (
          <Stack gap="sm">
            <FeedbackChart entries={student.entries} studentName={student.name} />
            {student.entries.map((e) => (
              <FeedbackEntryCard key={e.id} entry={e} showStatus showStudent={false} />
            ))}
          </Stack>
        )}
      </Modal>
    </>
  )
}

function GroupCard(props: {
  group: GroupOverview
  onRelease(): void
  onStudent(s: StudentOverview): void
}) {
  const { group } = props
  return (
    <Card withBorder component="section" aria-label={group.groupName} data-testid="feedback-group">
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h4">
            {group.groupName}
          </Title>
          <Button
            size="xs"
            variant="light"
            disabled={group.readyIds.length === 0}
            onClick={props.onRelease}
          >
            Release {group.groupName}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {countsText(group.counts)}
        </Text>
        <Text size="sm">
          Group feedback:{' '}
          {group.groupFeedback.length === 0
            ? 'none yet'
            : group.groupFeedback
                .map((f) => `${f.subjectName} (${f.facilitatorName}, ${STATUS_WORDS[f.status]})`)
                .join(' · ')}
        </Text>
        {group.missing.length > 0 && (
          <Text size="sm" c="orange.9" data-testid="feedback-missing">
            No feedback yet: {group.missing.join(', ')}
          </Text>
        )}
        {group.students.length > 0 && (
          <Table.ScrollContainer minWidth={280}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Student</Table.Th>
                  <Table.Th>Feedback (subject, facilitator, status)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.students.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      {s.entries.length > 0 ? (
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          px={0}
                          onClick={() => props.onStudent(s)}
                          aria-label={`Open ${s.name}'s feedback`}
                        >
                          {s.name}
                        </Button>
                      ) : (
                        s.name
                      )}
                    </Table.Td>
                    <Table.Td>
                      {s.entries.length === 0 ? (
                        <Text size="sm" c="orange.9">
                          Missing
                        </Text>
                      ) : (
                        <Stack gap={2}>
                          {s.entries.map((e) => (
                            <Text key={e.id} size="sm">
                              {`${e.subjectName || 'Other'} · ${e.facilitatorName} · ${STATUS_WORDS[e.status]}`}
                            </Text>
                          ))}
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  )
}
