import { lessonKey, templateDocId, weekDocId } from '../../../../sync/collections/timetables'
import { uuidv7 } from '../../../../sync/ids'
import { normaliseDays } from '../../../../sync/timetable/normalise'
import { useOpenDatabase } from '../../../db/provider'
import { useAuthMember } from '../../../lib/auth/use-auth'
import { changeLogEntry } from '../logic/change-log'
import { applyPending, changedDays, type EditModeState } from '../logic/edit-mode'
import { centreDateOf } from '../logic/calendar-date'
import { mondayOf, schoolDaysOf } from '../logic/week'
import type { Session, WeekDays } from '../logic/types'

type Doc = {
  get(f: string): unknown
  incrementalModify(fn: (d: Record<string, unknown>) => Record<string, unknown>): Promise<unknown>
}

/** Every timetable write goes to the device first; the sync engine sends it when it can. */
export function useTimetableWriter() {
  const { db } = useOpenDatabase()
  const member = useAuthMember()

  /** The week's own record, made from the template the first time the week is written. */
  async function ensureWeek(groupId: string, weekKey: string): Promise<Doc | null> {
    const id = weekDocId(groupId, weekKey)
    const existing = (await db.timetables.findOne(id).exec()) as Doc | null
    if (existing) return existing
    const template = (await db.timetables.findOne(templateDocId(groupId)).exec()) as Doc | null
    if (!template) return null
    const data = template.get('data') as Record<string, unknown>
    await db.timetables.insert({
      id,
      kind: 'week',
      group_id: groupId,
      week_key: weekKey,
      data: {
        groupName: data.groupName,
        mondayDate: mondayOf(weekKey),
        days: normaliseDays(data.days),
      },
    })
    return (await db.timetables.findOne(id).exec()) as Doc | null
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
      const before = normaliseDays((week.get('data') as { days: unknown }).days)
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
      await week.incrementalModify((doc) => {
        const data = doc.data as Record<string, unknown>
        return {
          ...doc,
          data: { ...data, days: applyPending(normaliseDays(data.days), args.state) },
        }
      })
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
      const patch = (days: WeekDays): WeekDays =>
        Object.fromEntries(
          Object.entries(days).map(([day, list]) => [
            day,
            list.map((s) => (s.id === args.sessionId ? { ...s, ...args.change } : s)),
          ]),
        ) as WeekDays
      const week = await ensureWeek(args.groupId, args.weekKey)
      await week?.incrementalModify((doc) => {
        const data = doc.data as Record<string, unknown>
        return { ...doc, data: { ...data, days: patch(normaliseDays(data.days)) } }
      })
      if (args.everyWeek) {
        const template = (await db.timetables
          .findOne(templateDocId(args.groupId))
          .exec()) as Doc | null
        await template?.incrementalModify((doc) => {
          const data = doc.data as Record<string, unknown>
          return { ...doc, data: { ...data, days: patch(normaliseDays(data.days)) } }
        })
      }
    },

    async addItem(args: {
      kind: 'comment' | 'resource' | 'assignment'
      weekKey: string | null
      sessionId: string | null
      groupId: string | null
      data: Record<string, unknown>
    }) {
      await db.lesson_items.insert({
        id: uuidv7(),
        kind: args.kind,
        lesson_id: args.weekKey && args.sessionId ? lessonKey(args.weekKey, args.sessionId) : null,
        group_id: args.groupId,
        week_key: args.weekKey,
        facilitator_id: member?.facilitatorId ?? null,
        data: args.data,
        created_at: now(),
      })
    },

    async updateItem(id: string, data: Record<string, unknown>) {
      const doc = await db.lesson_items.findOne(id).exec()
      await doc?.incrementalPatch({ data })
    },

    async removeItem(id: string) {
      const doc = await db.lesson_items.findOne(id).exec()
      await doc?.remove()
    },
  }
}

const now = () => new Date().toISOString()

/** Today at the centre, as the default date of the calendar. */
export const todayAtCentre = () => centreDateOf(new Date())
