import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import { useObservable } from '../../../db/hooks'
import type { Holiday } from '../logic/types'
import { dayHoursBySet } from '../logic/day-hours'

interface Named {
  id: string
  name: string
}
export interface Subject extends Named {
  color: string
  mixedGroup: boolean
}
export interface Group extends Named {
  timingSet: number
  status: string
  students: { id: string; name: string }[]
}
export interface Topic extends Named {
  kind: 'topic' | 'subtopic'
  facilitatorId: string | null
  subjectId: string | null
  topicId: string | null
}

/** Everything the timetable looks names up in, live from the local database. */
export interface TimetableLookups {
  timings: Record<string, string>
  /** A group's school day by timing set, "09:30 – 15:00". */
  dayHours: Record<number, string>
  subjects: Record<string, Subject>
  classrooms: Record<string, Named>
  facilitators: Record<string, Named>
  groups: Group[]
  holidays: Holiday[]
  topics: Topic[]
}

type Raw = { id: unknown; get(f: string): unknown }
const data = (d: Raw) => (d.get('data') ?? {}) as Record<string, unknown>
const s = (v: unknown) => (typeof v === 'string' ? v : '')

export function useTimetableLookups(): TimetableLookups | null {
  return useObservable<TimetableLookups | null>(
    (open) =>
      combineLatest([
        open.db.reference.find().$,
        open.db.facilitators.find().$,
        open.db.topics.find().$,
      ]).pipe(
        map(([refs, facs, tops]: [Raw[], Raw[], Raw[]]) => {
          const out: TimetableLookups = {
            timings: {},
            dayHours: {},
            subjects: {},
            classrooms: {},
            facilitators: {},
            groups: [],
            holidays: [],
            topics: [],
          }
          const sets: { timing: string; set: number }[] = []
          for (const r of refs) {
            const d = data(r)
            const id = String(r.id)
            switch (r.get('kind')) {
              case 'session_timing':
                out.timings[id] = s(d.timing)
                sets.push({ timing: s(d.timing), set: Number(d.groupNumber ?? 1) })
                break
              case 'subject':
                out.subjects[id] = {
                  id,
                  name: s(d.name),
                  color: s(d.color),
                  mixedGroup: d.mixedGroup === true,
                }
                break
              case 'classroom':
                out.classrooms[id] = { id, name: s(d.name) }
                break
              case 'group':
                out.groups.push({
                  id,
                  name: s(d.name),
                  timingSet: Number(d.timingSet ?? 1),
                  status: s(d.status),
                  students: Array.isArray(d.students)
                    ? (d.students as { id: string; name: string }[])
                    : [],
                })
                break
              case 'holiday':
                out.holidays.push(d as unknown as Holiday)
            }
          }
          out.dayHours = dayHoursBySet(sets)
          out.groups.sort((a, b) => a.name.localeCompare(b.name))
          for (const f of facs)
            out.facilitators[String(f.id)] = { id: String(f.id), name: s(f.get('name')) }
          for (const t of tops) {
            out.topics.push({
              id: String(t.id),
              name: s(data(t).name),
              kind: t.get('kind') as Topic['kind'],
              facilitatorId: (t.get('facilitator_id') as string | null) ?? null,
              subjectId: (t.get('subject_id') as string | null) ?? null,
              topicId: (t.get('topic_id') as string | null) ?? null,
            })
          }
          out.topics.sort((a, b) => a.name.localeCompare(b.name))
          return out
        }),
      ),
    null,
    [],
  )
}
