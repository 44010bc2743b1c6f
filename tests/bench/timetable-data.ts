// The benchmark's timetable: three more timings per timing set and, for each of the 6 demo
// groups, a week of 5 days × 8 lessons (two Mathematics lessons a day, for the edit timings),
// to push as new rows; and the probes the timetable suite puts into every page.
import { mondayOf } from '@/lib/time/week.ts'
import { weekDocId } from '@sync/contract/collections/timetables.ts'

export const WEEK = '2026_47'
export const GROUPS = ['rg-jaul', 'rg-tanni', 'rg-paani', 'rg-vaaro', 'rg-rukh', 'rg-dongor']
const SET = (g: string) => (g === 'rg-jaul' || g === 'rg-tanni' ? 1 : 2)
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const
const SUBJECTS = ['rs-circle', 'rs-maths', 'rs-english', 'rs-science', 'rs-maths', 'rs-art']
const ASHA = 'f0000000-0000-4000-a000-000000000001'
const days = (group: string) =>
  Object.fromEntries(
    DAYS.map((day) => [
      day,
      Array.from({ length: 8 }, (_, i) => ({
        id: `${group}_${day.slice(0, 2)}_${i + 1}`,
        timingId: `rt-${SET(group)}-${i + 1}`,
        subjectId: i === 1 || i === 4 ? 'rs-maths' : SUBJECTS[i % SUBJECTS.length],
        classroomId: 'rc-banyan',
        groupId: group,
        facilitatorId: ASHA,
        topicId: null,
        topic: null,
        subtopicId: null,
        subtopic: null,
        isMixedGroup: false,
        students: [],
      })),
    ]),
  )
export const timings = [1, 2].flatMap((set) =>
  ['15:00 - 15:30', '15:30 - 16:00', '16:00 - 16:30'].map((timing, i) => ({
    id: `rt-${set}-${6 + i}`,
    kind: 'session_timing',
    data: { timing, groupNumber: set },
  })),
)
export const weeks = GROUPS.map((g) => ({
  id: weekDocId(g, WEEK),
  kind: 'week',
  group_id: g,
  week_key: WEEK,
  data: { groupName: g.slice(3), mondayDate: mondayOf(WEEK), days: days(g) },
}))
// In every page: window.__cold (a days page rendered after a full load), __arm(group) and
// __armEdit(text) (time from the next pointerdown to that state, then to the next frame).
export const PROBES = `(() => {
  const watch = (done, onDone) => {
    const check = () => { if (done()) { observer.disconnect(); onDone() } }
    const observer = new MutationObserver(check)
    observer.observe(document, { subtree: true, childList: true, characterData: true })
  }
  const lessons = (g) => document.querySelectorAll('[data-session^="' + g + '_"]').length === 40
  const group = new URLSearchParams(location.search).get('group')
  if (group) watch(() => lessons(group), () =>
    requestAnimationFrame(() => { window.__cold = performance.now() }))
  const armed = (done) => new Promise((resolve) => {
    let t0
    addEventListener('pointerdown', () => { t0 = performance.now() }, { capture: true, once: true })
    watch(() => t0 !== undefined && done(), () =>
      requestAnimationFrame(() => resolve(performance.now() - t0)))
  })
  window.__arm = (g) => armed(() => lessons(g))
  window.__armEdit = (text) => armed(() =>
    document.querySelector('[data-testid="pending-edits"]')?.textContent === text)
})()`
