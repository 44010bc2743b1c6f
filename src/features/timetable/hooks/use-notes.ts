import { map } from 'rxjs/operators'
import { lessonItems } from '@sync/contract/collections/lesson-items'
import { parseRow } from '@sync/contract/schema'
import { aboutOf, type NoteForm } from '@sync/rules/classroom/note-form'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import { useAuthMember } from '@/lib/auth/use-auth'
import { weekKeyOf } from '@/lib/time/week'
import { centreDateOf } from '@/lib/time/calendar-date'

export interface NoteRecord {
  id: string
  text: string
  shared: boolean
  groupId: string
  studentId: string | null
  facilitatorId: string | null
  createdAt: string
}

/** Every note on this device (facilitators hold the centre's), newest first. */
export function useNotes(): NoteRecord[] | null {
  return useObservable<NoteRecord[] | null>(
    (open) =>
      open.db.lesson_items.find({ selector: { kind: { $in: ['note', 'shared_note'] } } }).$.pipe(
        map((docs) =>
          docs
            .flatMap((d): NoteRecord[] => {
              const row = d.toMutableJSON()
              if ((row.kind !== 'note' && row.kind !== 'shared_note') || !row.group_id) return []
              return [
                {
                  id: row.id,
                  text: row.data.text,
                  shared: row.kind === 'shared_note',
                  groupId: row.group_id,
                  studentId: row.student_id ?? null,
                  facilitatorId: row.facilitator_id,
                  createdAt: row.created_at,
                },
              ]
            })
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
        ),
      ),
    null,
    [],
  )
}

/** Notes are written on the device first and synced; each is a record of its own. */
export function useNoteWriter() {
  const { db } = useOpenDatabase()
  const member = useAuthMember()
  return {
    async add(form: NoteForm, groupId: string): Promise<void> {
      const about = aboutOf(form.about)
      if (!about) throw new Error('Choose a student or a group')
      const now = new Date()
      const row = parseRow(lessonItems, {
        id: crypto.randomUUID(),
        kind: form.share && about.kind === 'student' ? 'shared_note' : 'note',
        lesson_id: null,
        group_id: groupId,
        week_key: weekKeyOf(centreDateOf(now)),
        facilitator_id: member?.facilitatorId ?? null,
        student_id: about.kind === 'student' ? about.id : null,
        data: { text: form.text.trim() },
        created_at: now.toISOString(),
      })
      await db.lesson_items.insert(row)
    },
    async remove(id: string): Promise<void> {
      await (await db.lesson_items.findOne(id).exec())?.incrementalRemove()
    },
  }
}
