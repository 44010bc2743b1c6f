import { useState } from 'react'
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { format, parseISO } from 'date-fns'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useNotes, useNoteWriter, type NoteRecord } from '../hooks/use-notes'
import { useTimetableLookups, type TimetableLookups } from '../hooks/use-lookups'
import { NoteComposer } from './note-composer'

const subjectOf = (note: NoteRecord, lookups: TimetableLookups) => {
  const group = lookups.groups.find((g) => g.id === note.groupId)
  const student = note.studentId && group?.students.find((s) => s.id === note.studentId)
  if (note.studentId)
    return `${student ? student.name : 'A former student'} (${group?.name ?? 'Group'})`
  return `The ${group?.name ?? ''} group`
}

/**
 * The Notes pane (L11): facilitators' notes about a student or a group, newest first, searched
 * by their words, the student or the group; written offline. `about` (from a student's lessons)
 * chooses the student and shows their notes.
 */
export default function NotesPane({ about: initial }: { about?: string }) {
  const lookups = useTimetableLookups()
  const notes = useNotes()
  const writer = useNoteWriter()
  const me = useAuthMember()?.facilitatorId ?? null
  const [about, setAbout] = useState(initial ?? '')
  const [query, setQuery] = useState('')
  if (!lookups || !notes) return <Text c="dimmed">Loading notes…</Text>
  const groups = lookups.groups.filter((g) => g.status === 'active')
  const words = query.trim().toLowerCase()
  const studentFilter = about.startsWith('student:') ? about.slice(8) : null
  const shown = notes
    .map((n) => ({ note: n, subject: subjectOf(n, lookups) }))
    .filter(({ note }) => !studentFilter || note.studentId === studentFilter)
    .filter(
      ({ note, subject }) => !words || `${note.text} ${subject}`.toLowerCase().includes(words),
    )
  return (
    <Stack>
      <Title order={1} size="h2">
        Notes
      </Title>
      <Card withBorder p="sm" component="section" aria-labelledby="new-note-title">
        <Title order={2} size="h4" id="new-note-title" mb="xs">
          Write a note
        </Title>
        <NoteComposer groups={groups} about={about} onAbout={setAbout} onSave={writer.add} />
      </Card>
      <Stack gap="xs" component="section" aria-labelledby="notes-title">
        <Title order={2} size="h4" id="notes-title">
          {studentFilter ? 'Notes about this student' : 'All notes'}
        </Title>
        <TextInput
          label="Search notes"
          placeholder="A word, a student or a group"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {shown.length === 0 && (
          <Text size="sm" c="dimmed">
            {notes.length === 0 ? 'No notes yet.' : 'No note matches.'}
          </Text>
        )}
        {shown.map(({ note, subject }) => (
          <Card key={note.id} withBorder p="sm" data-testid="note">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {subject}
              </Text>
              {note.shared && (
                <Badge size="sm" variant="light">
                  Shared with the family
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.text}
            </Text>
            <Group justify="space-between" gap="xs" mt={4}>
              <Text size="xs" c="dimmed">
                {(note.facilitatorId && lookups.facilitators[note.facilitatorId]?.name) ||
                  'The office'}
                , {format(parseISO(note.createdAt), 'd MMM yyyy, HH:mm')}
              </Text>
              {note.facilitatorId === me && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void writer.remove(note.id)}
                >
                  Remove
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  )
}
