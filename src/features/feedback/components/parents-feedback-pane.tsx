import { useState } from 'react'
import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core'
import { termLabel } from '@sync/rules/feedback/terms'
import { useFamilyFeedback } from '../hooks/use-family-feedback'
import { familyTermView, releasedTerms } from '../logic/family-view'
import { FeedbackChart } from './feedback-chart'
import { FeedbackEntryCard } from './feedback-entry-card'
import { FeedbackPdfButton } from './feedback-pdf-button'

/**
 * The parents' Feedback pane (M07): their children's feedback the centre released, by term and
 * subject, each child's term as a PDF to download. Read from the device, so it opens offline
 * once it has arrived (the PDF needs a connection). On a student's page (`student`) the same
 * holds their own released entries (the server sends them no one else's).
 */
export default function ParentsFeedbackPane({ student = false }: { student?: boolean }) {
  const data = useFamilyFeedback()
  const terms = data ? releasedTerms(data.rows) : []
  const [chosen, setChosen] = useState<string | null>(null)
  if (!data) return null
  const term = chosen && terms.includes(chosen) ? chosen : terms[0]
  const children = term ? familyTermView(data.rows, term, data.subjectNames) : []
  return (
    <Stack
      gap="lg"
      data-testid={student ? 'student-feedback' : 'parents-feedback'}
      component={student ? 'section' : 'div'}
      aria-label={student ? 'My feedback' : undefined}
    >
      <Title order={student ? 2 : 1} size="h2">
        {student ? 'My feedback' : 'Feedback'}
      </Title>
      {!term ? (
        <Text c="dimmed">
          There is no feedback yet. The centre shares each term’s feedback here when it is ready.
        </Text>
      ) : (
        <>
          <NativeSelect
            label="Term"
            value={term}
            onChange={(e) => setChosen(e.currentTarget.value)}
            data={terms.map((t) => ({ value: t, label: termLabel(t) }))}
            maw={260}
          />
          {children.map((child) => (
            <Stack
              key={child.studentId}
              gap="sm"
              component="section"
              aria-label={child.studentName}
            >
              <Group justify="space-between" align="flex-start" gap="xs">
                <Title order={2} size="h3">
                  {child.studentName}
                </Title>
                <FeedbackPdfButton
                  studentId={child.studentId}
                  studentName={child.studentName}
                  term={term}
                  termName={termLabel(term)}
                />
              </Group>
              <FeedbackChart
                entries={child.subjects.flatMap((s) => s.entries)}
                studentName={child.studentName}
              />
              {child.subjects.map((subject) => (
                <Stack key={subject.subjectName} gap="xs">
                  <Title order={3} size="h4">
                    {subject.subjectName || 'Other'}
                  </Title>
                  {subject.covered.map((c) => (
                    <Text key={c} size="sm" c="dimmed">
                      Covered this term: {c}
                    </Text>
                  ))}
                  {subject.entries.map((e) => (
                    <FeedbackEntryCard key={e.id} entry={e} showStudent={false} />
                  ))}
                </Stack>
              ))}
            </Stack>
          ))}
        </>
      )}
    </Stack>
  )
}
