import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import { useObservable } from '@/db/hooks'
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
  description: string
  retired: boolean
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

export function useTimetableLookups(): TimetableLookups | null {
  return useObservable<TimetableLookups | null>(
    (open) =>
      combineLatest([
        open.db.reference.find().$,
        open.db.facilitators.find().$,
        open.db.topics.find().$,
      ]).pipe(
        map(([refs, facs, tops]) => {
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
            const id = r.id
            switch (r.kind) {
              case 'session_timing':
                out.timings[id] = r.data.timing
                sets.push({ timing: r.data.timing, set: r.data.groupNumber })
                break
              case 'subject':
                out.subjects[id] = {
                  id,
                  name: r.data.name,
                  color: r.data.color,
                  mixedGroup: r.data.mixedGroup,
                }
                break
              case 'classroom':
                out.classrooms[id] = { id, name: r.data.name }
                break
              case 'group':
                out.groups.push({
                  id,
                  name: r.data.name,
                  timingSet: r.data.timingSet,
                  status: r.data.status,
                  students: r.data.students ?? [],
                })
                break
              case 'holiday':
                out.holidays.push(r.data)
            }
          }
          out.dayHours = dayHoursBySet(sets)
          out.groups.sort((a, b) => a.name.localeCompare(b.name))
          for (const f of facs) out.facilitators[f.id] = { id: f.id, name: f.name }
          for (const t of tops) {
            out.topics.push({
              id: t.id,
              name: t.data.name,
              kind: t.kind,
              facilitatorId: t.facilitator_id,
              subjectId: t.subject_id,
              topicId: t.topic_id,
              description: t.data.description ?? '',
              retired: t.data.retired === true,
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
