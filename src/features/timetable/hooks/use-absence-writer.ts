import { lessonItems } from '@sync/contract/collections/lesson-items'
import { absenceId } from '@sync/rules/classroom/absence-id'
import { parseRow } from '@sync/contract/schema'
import { useOpenDatabase } from '@/db/provider'
import { useAuthMember } from '@/lib/auth/use-auth'
import { weekKeyOf } from '@/lib/time/week'
import type { IsoDate } from '../logic/types'

export interface AbsenceMark {
  studentId: string
  groupId: string
  date: IsoDate
  /** `week:session` of the lesson, or null for the whole day. */
  lessonId: string | null
}

/**
 * The register, written on the device first. One tap marks a child away and the next tap takes
 * it back. The record's id is the same on every device, so two facilitators marking one child
 * offline meet in one record, and marking again a removed absence brings that record back.
 */
export function useAbsenceWriter() {
  const { db } = useOpenDatabase()
  const member = useAuthMember()
  return {
    async toggle(mark: AbsenceMark): Promise<'marked' | 'removed'> {
      const id = absenceId(mark.studentId, mark.date, mark.lessonId)
      const existing = await db.lesson_items.findOne(id).exec()
      if (existing) {
        await existing.incrementalRemove()
        return 'removed'
      }
      const row = parseRow(lessonItems, {
        id,
        kind: 'absence',
        lesson_id: mark.lessonId,
        group_id: mark.groupId,
        week_key: weekKeyOf(mark.date),
        facilitator_id: member?.facilitatorId ?? null,
        student_id: mark.studentId,
        data: { date: mark.date, reportedBy: 'facilitator' },
        created_at: new Date().toISOString(),
      })
      await db.lesson_items.upsert(row)
      return 'marked'
    },
  }
}
