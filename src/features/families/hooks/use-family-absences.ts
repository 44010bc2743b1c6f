import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import { lessonItems } from '@sync/contract/collections/lesson-items'
import { parseRow } from '@sync/contract/schema'
import {
  ABSENCE_REPORT_MESSAGES,
  reportedAbsence,
  type AbsenceReport,
} from '@sync/rules/classroom/absence-report'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import { weekKeyOf } from '@/lib/time/week'

export interface FamilyAbsence {
  id: string
  studentId: string
  child: string
  date: string
  /** Away from one lesson rather than the whole day. */
  oneLesson: boolean
  reportedBy: 'facilitator' | 'family'
  reason?: string | undefined
}

export interface FamilyAbsences {
  children: { id: string; name: string; groupId: string | null }[]
  absences: FamilyAbsence[]
}

/** The family's children and their absences (the server sends this family's only). */
export function useFamilyAbsences(): FamilyAbsences {
  return useObservable<FamilyAbsences>(
    (open) =>
      combineLatest([
        open.db.students.find().$,
        open.db.lesson_items.find({ selector: { kind: 'absence' } }).$,
      ]).pipe(
        map(([students, items]) => {
          const children = students
            .filter((s) => s.status !== 'terminated')
            .map((s) => ({ id: s.id, name: s.name, groupId: s.group_id }))
            .sort((a, b) => a.name.localeCompare(b.name))
          const absences = items.flatMap((doc): FamilyAbsence[] => {
            const row = doc.toMutableJSON()
            if (row.kind !== 'absence' || !row.student_id) return []
            const child = children.find((c) => c.id === row.student_id)
            if (!child) return []
            return [
              {
                id: row.id,
                studentId: child.id,
                child: child.name,
                date: row.data.date,
                oneLesson: row.lesson_id !== null,
                reportedBy: row.data.reportedBy,
                reason: row.data.reason,
              },
            ]
          })
          return { children, absences }
        }),
      ),
    { children: [], absences: [] },
    [],
  )
}

/** A family's report, kept on the phone first; withdrawing takes back only its own reports. */
export function useFamilyAbsenceWriter() {
  const { db } = useOpenDatabase()
  return {
    async report(report: AbsenceReport, groupId: string) {
      const row = parseRow(
        lessonItems,
        reportedAbsence(report, groupId, weekKeyOf(report.date), new Date().toISOString()),
      )
      if (await db.lesson_items.findOne(row.id).exec())
        throw new Error(ABSENCE_REPORT_MESSAGES.taken)
      await db.lesson_items.upsert(row)
    },
    async withdraw(id: string) {
      const doc = await db.lesson_items.findOne(id).exec()
      if (doc?.kind === 'absence' && doc.data.reportedBy === 'family') await doc.incrementalRemove()
    },
  }
}
