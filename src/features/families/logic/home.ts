// What the parents' and students' home shows (issue 13), worked out from the rows on the device:
// the children with their groups, each group's week, the next holidays and the documents that
// expire soon. Pure functions; the hooks feed them the local database.
import { ageOn, isExpired } from '@sync/rules/families/profile'
import type { FamilyData, IdentityProofRecord } from '@sync/contract/collections/families'
import type { StudentData } from '@sync/contract/collections/students'
import { holidayOn } from '@/lib/time/school-days'
import { schoolDaysOf } from '@/lib/time/week'
import { addDays, daysBetween } from '@/lib/time/calendar-date'
import { compareByStart } from '@/lib/time/timing'
import type { Holiday, IsoDate, WeekDays, WeekdayKey } from '@sync/rules/timetable/types'

/** Documents expiring within this many days are shown on the home (decision I34). */
export const EXPIRY_WARNING_DAYS = 60
/** How many coming holidays the home lists. */
export const NEXT_HOLIDAYS = 3

export interface ChildRow {
  id: string
  name: string
  group_id: string | null
  status: string
  data: StudentData
}

export interface HomeChild {
  id: string
  name: string
  groupId: string | null
  groupName: string
  age: number | null
  onTrial: boolean
}

/** The enrolled children (terminated enrolments left out), by name. */
export function homeChildren(
  rows: readonly ChildRow[],
  groupNames: Readonly<Record<string, string>>,
  today: IsoDate,
): HomeChild[] {
  return rows
    .filter((row) => row.status !== 'terminated')
    .map((row) => {
      let age: number | null = null
      if (row.data.dob) {
        try {
          age = ageOn(row.data.dob, today)
        } catch {
          age = null
        }
      }
      return {
        id: row.id,
        name: row.name,
        groupId: row.group_id,
        groupName: (row.group_id && groupNames[row.group_id]) || 'No group',
        age,
        onTrial: row.status === 'trial',
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}

export interface HomeLesson {
  id: string
  timing: string
  subject: string
  topic: string | null
  /** A mixed-group lesson: what the child's subgroup's facilitator wrote about it (L01). */
  details?: string
}

/** A subgroup's lesson the family receives: only those of their children's subgroups (L01). */
export interface HomeMixedLesson {
  mainMixedGroupId: string
  day: WeekdayKey
  timingId: string
  subjectId: string | null
  topic: string | null
  subtopic: string | null
  details: string
}

export interface HomeDay {
  name: string
  date: IsoDate
  /** The holiday that closes the centre that day. */
  holiday: string | null
  lessons: HomeLesson[]
}

const DAY_NAMES: Record<WeekdayKey, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
}

export interface Names {
  timings: Readonly<Record<string, string>>
  subjects: Readonly<Record<string, string>>
}

/** A group's school days of one week, each with its lessons in time order (read-only). */
export function homeWeek(
  days: WeekDays,
  weekKey: string,
  names: Names,
  holidays: readonly Holiday[],
  mixed: readonly HomeMixedLesson[] = [],
): HomeDay[] {
  return schoolDaysOf(weekKey).map(({ day, date }) => {
    const name = DAY_NAMES[day]
    const holiday = holidayOn(date, holidays)
    const lessons = holiday
      ? []
      : [...days[day]]
          .map((session) => {
            const lesson: HomeLesson = {
              id: session.id,
              timing: names.timings[session.timingId] ?? '',
              subject: (session.subjectId && names.subjects[session.subjectId]) || 'Lesson',
              topic: session.topic,
            }
            // In a mixed-group lesson the child is in a subgroup with its own subject and topic.
            const parts = mixed.filter(
              (m) =>
                m.mainMixedGroupId === session.mainMixedGroupId &&
                m.day === day &&
                m.timingId === session.timingId,
            )
            if (parts.length === 0) return lesson
            const topicOf = (m: HomeMixedLesson) =>
              m.topic ? `${m.topic}${m.subtopic ? ` — ${m.subtopic}` : ''}` : null
            return {
              ...lesson,
              subject: parts
                .map((m) => (m.subjectId && names.subjects[m.subjectId]) || 'Lesson')
                .join(' / '),
              topic: parts.map(topicOf).filter(Boolean).join(' / ') || null,
              details: parts
                .map((m) => m.details)
                .filter(Boolean)
                .join('\n\n'),
            }
          })
          .sort((a, b) => compareByStart(a.timing, b.timing))
    return { name, date, holiday: holiday?.description ?? null, lessons }
  })
}

/** Holidays that have not ended yet, soonest first. */
export function nextHolidays(
  holidays: readonly Holiday[],
  today: IsoDate,
  count = NEXT_HOLIDAYS,
): Holiday[] {
  return holidays
    .map((h) => (h.singleDay ? { ...h, endDate: h.startDate } : h))
    .filter((h) => h.endDate >= today)
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0))
    .slice(0, count)
}

export interface ExpiringDocument {
  person: string
  document: string
  expiryDate: IsoDate
  expired: boolean
  /** Days until it expires (negative once expired). */
  daysLeft: number
}

function expiring(
  person: string,
  proofs: readonly IdentityProofRecord[] | null | undefined,
  today: IsoDate,
  horizon: IsoDate,
): ExpiringDocument[] {
  return (proofs ?? []).flatMap((proof) => {
    if (!proof.hasExpiryDate || !proof.expiryDate) return []
    if (proof.expiryDate > horizon) return []
    let expired: boolean
    try {
      expired = isExpired(proof, today)
    } catch {
      return []
    }
    return [
      {
        person: proof.personName || person,
        document: proof.identityProofSelection || proof.identityProofType || 'Document',
        expiryDate: proof.expiryDate,
        expired,
        daysLeft: daysBetween(today, proof.expiryDate),
      },
    ]
  })
}

/**
 * The family's identity documents that have expired or expire within EXPIRY_WARNING_DAYS,
 * soonest first (I33; shown to the family per decision I34).
 */
export function expiringDocuments(
  family: FamilyData | null,
  children: readonly Pick<ChildRow, 'name' | 'data'>[],
  today: IsoDate,
): ExpiringDocument[] {
  const horizon = addDays(today, EXPIRY_WARNING_DAYS)
  const guardians = (family?.guardians ?? []).flatMap((g) =>
    expiring([g.firstName, g.lastName].filter(Boolean).join(' '), g.identityProof, today, horizon),
  )
  const kids = children.flatMap((c) => expiring(c.name, c.data.identityProof, today, horizon))
  return [...guardians, ...kids].sort((a, b) => (a.expiryDate < b.expiryDate ? -1 : 1))
}

/** An assignment or resource of a lesson, as the device holds it (lesson_items). */
export interface WorkItemRow {
  id: string
  kind: string
  group_id: string | null
  week_key: string | null
  lesson_id: string | null
  data: Record<string, unknown>
}

export interface HomeWork {
  id: string
  kind: 'assignment' | 'resource'
  title: string
  detail: string | null
  /** A web address to open, only when it is one (http or https). */
  link: string | null
  /** The lesson it belongs to: "Monday · Maths". */
  when: string | null
}

/** A web address that is safe to open from the page: http or https only. */
export function safeLink(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  try {
    const url = new URL(value.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/**
 * A group's assignments and resources of the week, in the order of its lessons: what a student
 * is asked to do and the material that goes with it (read-only).
 */
export function weekWork(
  items: readonly WorkItemRow[],
  groupId: string,
  weekKey: string,
  days: readonly HomeDay[],
): HomeWork[] {
  const lessons = new Map<string, { when: string; order: number }>()
  days.forEach((day, d) =>
    day.lessons.forEach((lesson, l) =>
      lessons.set(lesson.id, { when: `${day.name} · ${lesson.subject}`, order: d * 100 + l }),
    ),
  )
  return items
    .filter(
      (item) =>
        item.group_id === groupId &&
        item.week_key === weekKey &&
        (item.kind === 'assignment' || item.kind === 'resource'),
    )
    .map((item) => {
      const lesson = item.lesson_id ? lessons.get(item.lesson_id) : undefined
      const assignment = item.kind === 'assignment'
      const link = safeLink(item.data.link)
      return {
        id: item.id,
        kind: item.kind as HomeWork['kind'],
        title: assignment
          ? (textOf(item.data.title) ?? 'Assignment')
          : (textOf(item.data.description) ?? link ?? 'Resource'),
        detail: assignment ? textOf(item.data.description) : null,
        link,
        when: lesson?.when ?? null,
        order: lesson?.order ?? Number.MAX_SAFE_INTEGER,
      }
    })
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title))
    .map(({ order: _order, ...work }) => work)
}
