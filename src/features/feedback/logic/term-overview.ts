// The admin's Feedback pane: for one term, per group, who has feedback from which facilitator,
// what is missing, and what is ready to release (M08, released by the office or a facilitator
// admin).
import type { FeedbackStatus } from '@sync/contract/collections/feedback'
import type { FeedbackRow } from '@sync/engine/database'
import { feedbackEntries, type FeedbackEntry, type Names } from './entries'

export interface StatusCounts {
  draft: number
  ready: number
  released: number
}

export interface StudentOverview {
  id: string
  name: string
  /** The child's entries this term, newest first. */
  entries: FeedbackEntry[]
}

export interface GroupOverview {
  groupId: string
  groupName: string
  /** The group feedback written this term: subject, facilitator and status. */
  groupFeedback: {
    id: string
    subjectName: string
    facilitatorName: string
    status: FeedbackStatus
  }[]
  /** The group's students (and anyone else with an entry in the group this term), by name. */
  students: StudentOverview[]
  /** Names of the group's students without any entry this term. */
  missing: string[]
  counts: StatusCounts
  /** The entries (group and student) a release would send to the families. */
  readyIds: string[]
}

export interface TermOverview {
  groups: GroupOverview[]
  counts: StatusCounts
  readyIds: string[]
}

const emptyCounts = (): StatusCounts => ({ draft: 0, ready: 0, released: 0 })

/** One term's overview over the active groups (and any group that has feedback this term). */
export function termOverview(
  rows: readonly FeedbackRow[],
  term: string,
  groups: readonly { id: string; name: string; students: { id: string; name: string }[] }[],
  names: Names & { groups?: Record<string, string> },
): TermOverview {
  const ofTerm = rows.filter((r) => r.term === term)
  const byGroup = new Map<string, GroupOverview>()
  const groupOf = (id: string, name: string) => {
    let g = byGroup.get(id)
    if (!g) {
      g = {
        groupId: id,
        groupName: name,
        groupFeedback: [],
        students: [],
        missing: [],
        counts: emptyCounts(),
        readyIds: [],
      }
      byGroup.set(id, g)
    }
    return g
  }
  for (const g of groups) {
    const o = groupOf(g.id, g.name)
    for (const s of g.students) o.students.push({ id: s.id, name: s.name, entries: [] })
  }
  const total = emptyCounts()
  const readyIds: string[] = []
  for (const r of ofTerm) {
    const g = groupOf(r.group_id, names.groups?.[r.group_id] ?? r.group_id)
    g.counts[r.status]++
    total[r.status]++
    if (r.status === 'ready') {
      g.readyIds.push(r.id)
      readyIds.push(r.id)
    }
    if (r.kind === 'group')
      g.groupFeedback.push({
        id: r.id,
        subjectName: (r.subject_id && names.subjects[r.subject_id]) || 'Other',
        facilitatorName: names.facilitators[r.facilitator_id] ?? '',
        status: r.status,
      })
  }
  for (const e of feedbackEntries(ofTerm, names)) {
    const g = groupOf(e.groupId, names.groups?.[e.groupId] ?? e.groupId)
    let s = g.students.find((x) => x.id === e.studentId)
    if (!s) {
      s = { id: e.studentId, name: e.studentName, entries: [] }
      g.students.push(s)
    }
    s.entries.push(e)
  }
  const out = [...byGroup.values()]
  for (const g of out) {
    g.students.sort((a, b) => a.name.localeCompare(b.name))
    g.groupFeedback.sort((a, b) => a.subjectName.localeCompare(b.subjectName))
    g.missing = g.students.filter((s) => s.entries.length === 0).map((s) => s.name)
  }
  out.sort((a, b) => a.groupName.localeCompare(b.groupName))
  return { groups: out, counts: total, readyIds }
}

/** What the release confirmation says: how many go to the families, and what stays behind. */
export function releaseSummary(counts: StatusCounts): string {
  const n = counts.ready
  const drafts = counts.draft
  const go = `${n} ${n === 1 ? 'entry' : 'entries'} ready will be released to the families`
  return drafts > 0
    ? `${go}. ${drafts} ${drafts === 1 ? 'draft stays' : 'drafts stay'} with ${drafts === 1 ? 'its' : 'their'} facilitator until marked ready.`
    : `${go}.`
}
