import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import { Card, Stack, Text, Title } from '@mantine/core'
import { format, parseISO } from 'date-fns'
import { useObservable } from '@/db/hooks'

interface SharedNote {
  id: string
  child: string
  text: string
  createdAt: string
}

/** The notes the facilitators shared about this family's children (the server sends no other). */
function useSharedNotes(): SharedNote[] {
  return useObservable<SharedNote[]>(
    (open) =>
      combineLatest([
        open.db.students.find().$,
        open.db.lesson_items.find({ selector: { kind: 'shared_note' } }).$,
      ]).pipe(
        map(([students, items]) =>
          items
            .flatMap((doc): SharedNote[] => {
              const row = doc.toMutableJSON()
              if (row.kind !== 'shared_note') return []
              const child = students.find((s) => s.id === row.student_id)?.name ?? 'Your child'
              return [{ id: row.id, child, text: row.data.text, createdAt: row.created_at }]
            })
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
        ),
      ),
    [],
    [],
  )
}

/** Home's notes from the facilitators (L11): shown only when some were shared. */
export default function FamilyNotes() {
  const notes = useSharedNotes()
  if (notes.length === 0) return null
  return (
    <section aria-labelledby="home-notes">
      <Title order={2} size="h4" id="home-notes" mb="xs">
        Notes from the facilitators
      </Title>
      <Stack gap="xs">
        {notes.map((n) => (
          <Card key={n.id} withBorder p="sm" data-testid="shared-note">
            <Text size="sm" fw={600}>
              {n.child} · {format(parseISO(n.createdAt), 'd MMM yyyy')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {n.text}
            </Text>
          </Card>
        ))}
      </Stack>
    </section>
  )
}
