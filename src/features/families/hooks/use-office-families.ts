import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import { families } from '@sync/contract/collections/families'
import { students } from '@sync/contract/collections/students'
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import {
  canArchive,
  ENROLMENT_MESSAGES,
  enrolledStudent,
  familyStatusAfter,
  RESTORED_STATUS,
  terminatedStudent,
  type EnrolFormValues,
} from '@sync/rules/families/enrolment'
import { rupees } from '@sync/rules/text'
import { uuidv7 } from '@sync/contract/ids'
import { parseRow } from '@sync/contract/schema'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import type { GroupOption, TariffOption } from '../logic/office'

export interface OfficeData {
  families: FamilyRow[]
  students: StudentRow[]
  groups: Map<string, GroupOption>
  tariffs: TariffOption[]
}

/** Every family and student on this device, with the groups and fee tariffs; null while the database opens. */
export function useOfficeData(): OfficeData | null {
  return useObservable<OfficeData | null>(
    (open) =>
      combineLatest([
        open.db.families.find().$,
        open.db.students.find().$,
        open.db.reference.find({ selector: { kind: { $in: ['group', 'fee_tariff'] } } }).$,
      ]).pipe(
        map(([familyDocs, studentDocs, refs]) => {
          const groups = new Map<string, GroupOption>()
          const tariffs: TariffOption[] = []
          for (const ref of refs) {
            const data = ref.data as Record<string, unknown>
            if (ref.kind === 'group') {
              groups.set(ref.id, {
                id: ref.id,
                name: String(data.name ?? ''),
                feeTariffId: typeof data.feeTariffId === 'string' ? data.feeTariffId : null,
                active: data.status !== 'inactive',
              })
            } else {
              const amount = Number(data.amount ?? 0)
              const label = `${rupees(Number.isFinite(amount) ? amount : 0)} a month`
              tariffs.push({
                id: ref.id,
                label: data.name ? `${String(data.name)}: ${label}` : label,
              })
            }
          }
          tariffs.sort((a, b) => a.label.localeCompare(b.label))
          return {
            families: familyDocs.map((d) => d.toMutableJSON() as FamilyRow),
            students: studentDocs.map((d) => d.toMutableJSON() as StudentRow),
            groups,
            tariffs,
          }
        }),
      ),
    null,
    [],
  )
}

/**
 * The office's changes to families and students. They are made on the device and sent by the
 * sync engine when it can, so the panes work offline; the server's guards and policies hold
 * when they arrive.
 */
export function useOfficeWriter() {
  const { db } = useOpenDatabase()

  const statusesOf = async (familyId: string) =>
    (await db.students.find({ selector: { family_id: familyId } }).exec()).map(
      (d) => d.status as StudentRow['status'],
    )

  /** Keeps the family's status in step with its children's enrolments (I18's updateStatus). */
  const followChildren = async (familyId: string) => {
    const doc = await db.families.findOne(familyId).exec()
    if (!doc) return
    const next = familyStatusAfter(doc.status as FamilyRow['status'], await statusesOf(familyId))
    if (next !== doc.status) {
      await doc.incrementalModify((row) => parseRow(families, { ...row, status: next }))
    }
  }

  const familyDoc = async (familyId: string) => {
    const doc = await db.families.findOne(familyId).exec()
    if (!doc) throw new Error('This family is no longer on this device.')
    return doc
  }

  return {
    /** I17, I18: a new student of the family, in the chosen group. */
    enrol: async (familyId: string, values: EnrolFormValues): Promise<string> => {
      await familyDoc(familyId)
      const row = enrolledStudent(values, familyId, uuidv7(), new Date())
      await db.students.insert(parseRow(students, row))
      await followChildren(familyId)
      return ENROLMENT_MESSAGES.enrolled
    },
    /** I19, I20: the student's enrolment ends, with the notes kept. */
    terminate: async (studentId: string, notes: string): Promise<string> => {
      const doc = await db.students.findOne(studentId).exec()
      if (!doc) throw new Error('This student is no longer on this device.')
      await doc.incrementalModify((row) =>
        parseRow(students, terminatedStudent(row as StudentRow, notes, new Date())),
      )
      await followChildren(doc.family_id)
      return ENROLMENT_MESSAGES.terminated
    },
    /** I15, I16: an archived family leaves the Families pane for the Archive. */
    archive: async (familyId: string): Promise<string> => {
      const doc = await familyDoc(familyId)
      if (!canArchive(await statusesOf(familyId))) throw new Error(ENROLMENT_MESSAGES.stillEnrolled)
      await doc.incrementalModify((row) => parseRow(families, { ...row, status: 'archived' }))
      return ENROLMENT_MESSAGES.archived
    },
    /** Back from the Archive to the Families pane, as a family without enrolled children. */
    restore: async (familyId: string): Promise<string> => {
      const doc = await familyDoc(familyId)
      await doc.incrementalModify((row) => parseRow(families, { ...row, status: RESTORED_STATUS }))
      return ENROLMENT_MESSAGES.restored
    },
  }
}
