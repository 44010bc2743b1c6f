import { lessonItems } from '@sync/contract/collections/lesson-items'
import { lessonKey, templateDocId, weekDocId } from '@sync/contract/collections/timetables'
import { parseRow } from '@sync/contract/schema'
import { uuidv7 } from '@sync/contract/ids'
import { normaliseDays } from '@sync/rules/timetable/normalise'
import { useOpenDatabase } from '@/db/provider'
import { useAuthMember } from '@/lib/auth/use-auth'
import { changeLogEntry } from '../logic/change-log'
import { applyPending, changedDays, type EditModeState } from '../logic/edit-mode'
import { centreDateOf } from '@/lib/time/calendar-date'
import { mondayOf, schoolDaysOf } from '@/lib/time/week'
import { WEEKDAY_KEYS, type Session, type WeekDays } from '../logic/types'
import type { WithDeleted } from 'rxdb'
import type { LessonItemRow, TimetableRow } from '@sync/engine/database'

type LessonItemKind = LessonItemRow['kind']
/** What a person entered for a comment, resource or assignment (checked before it is stored). */
type ItemData = object

/** A week or template with some of its lessons changed (a change log is left as it is). */
const withDays =
  (change: (days: WeekDays) => WeekDays) =>
  (doc: WithDeleted<TimetableRow>): TimetableRow => {
    switch (doc.kind) {
      case 'week':
        return { ...doc, data: { ...doc.data, days: change(normaliseDays(doc.data.days)) } }
      case 'group_template':
        return { ...doc, data: { ...doc.data, days: change(normaliseDays(doc.data.days)) } }
      default:
        return doc
    }
  }

/** Every timetable write goes to the device first; the sync engine sends it when it can. */
export function useTimetableWriter() {
  const { db } = useOpenDatabase()
  const member = useAuthMember()

  /** The week's own record, made from the template the first time the week is written. */
  async function ensureWeek(groupId: string, weekKey: string) {
    const id = weekDocId(groupId, weekKey)
    const existing = await db.timetables.findOne(id).exec()
    if (existing) return existing
    const template = await db.timetables.findOne(templateDocId(groupId)).exec()
    if (template?.kind !== 'group_template') return null
    try {
      return await db.timetables.insert({
        id,
        kind: 'week',
        group_id: groupId,
        week_key: weekKey,
        data: {
          groupName: template.data.groupName,
          mondayDate: mondayOf(weekKey),
          days: normaliseDays(template.data.days),
        },
      })
    } catch (error) {
      // Another device's copy of the week arrived meanwhile (a pull): write into that one.
      const arrived = await db.timetables.findOne(id).exec()
      if (arrived) return arrived
      throw error
    }
  }

  return {
    /** Save: writes the pending topic edits into the week and logs each changed day (K24, K25). */
    async saveEdits(args: {
      groupId: string
      groupName: string
      weekKey: string
      state: EditModeState
    }) {
      const week = await ensureWeek(args.groupId, args.weekKey)
      if (!week) throw new Error('This group has no timetable yet.')
      if (week.kind !== 'week' && week.kind !== 'group_template')
        throw new Error('This week is not a timetable.')
      const before = normaliseDays(week.data.days)
      const dates = Object.fromEntries(schoolDaysOf(args.weekKey).map((d) => [d.day, d.date]))
      const user = { id: member?.userId ?? '', name: member?.name ?? '' }
      const now = new Date()
      for (const day of changedDays(before, args.state)) {
        const entry = changeLogEntry(args.state, {
          group: { id: args.groupId, name: args.groupName },
          day: { day, date: dates[day]!, sessions: before[day] },
          user,
          now,
        })
        if (!entry) continue
        await db.timetables.insert({
          id: uuidv7(),
          kind: 'change_log',
          group_id: args.groupId,
          week_key: args.weekKey,
          data: entry,
        })
      }
      await week.incrementalModify(withDays((days) => applyPending(days, args.state)))
    },

    /** generateCalendarWeekManually: makes the week of every active group from its template. */
    async generateWeek(weekKey: string, groupIds: string[]): Promise<number> {
      let made = 0
      for (const groupId of groupIds) {
        const existed = await db.timetables.findOne(weekDocId(groupId, weekKey)).exec()
        if (!existed && (await ensureWeek(groupId, weekKey))) made++
      }
      return made
    },

    /** Edit calendar lesson (facilitator admins): this week only, or every week via the template. */
    async updateLesson(args: {
      groupId: string
      weekKey: string
      sessionId: string
      change: Partial<Session>
      everyWeek: boolean
    }) {
      const patch = (days: WeekDays): WeekDays => {
        const out = { ...days }
        for (const day of WEEKDAY_KEYS)
          out[day] = days[day].map((s) => (s.id === args.sessionId ? { ...s, ...args.change } : s))
        return out
      }
      const week = await ensureWeek(args.groupId, args.weekKey)
      await week?.incrementalModify(withDays(patch))
      if (args.everyWeek) {
        const template = await db.timetables.findOne(templateDocId(args.groupId)).exec()
        await template?.incrementalModify(withDays(patch))
      }
    },

    async addItem(args: {
      kind: LessonItemKind
      weekKey: string | null
      sessionId: string | null
      groupId: string | null
      data: ItemData
    }) {
      const row = parseRow(lessonItems, {
        id: uuidv7(),
        kind: args.kind,
        lesson_id: args.weekKey && args.sessionId ? lessonKey(args.weekKey, args.sessionId) : null,
        group_id: args.groupId,
        week_key: args.weekKey,
        facilitator_id: member?.facilitatorId ?? null,
        data: args.data,
        created_at: now(),
      })
      await db.lesson_items.insert(row)
    },

    /** Replaces an item's content with what the person entered (same kind, checked first). */
    async updateItem(id: string, data: ItemData) {
      const doc = await db.lesson_items.findOne(id).exec()
      if (!doc) return
      await doc.incrementalPatch(parseRow(lessonItems, { ...doc.toMutableJSON(), data }))
    },

    async removeItem(id: string) {
      const doc = await db.lesson_items.findOne(id).exec()
      await doc?.incrementalRemove()
    },
  }
}

const now = () => new Date().toISOString()

/** Today at the centre, as the default date of the calendar. */
export const todayAtCentre = () => centreDateOf(new Date())
