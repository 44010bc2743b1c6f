import { lazy, Suspense } from 'react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { NotFoundHere } from '@/app/layouts/not-found-here'
import { LessonsPane } from '@/features/timetable/components/lessons-pane'
import { StudentsPane } from '@/features/timetable/components/students-pane'
import { isWeekKey, weekKeyOf } from '@/lib/time/week'
import { centreDateOf } from '@/lib/time/calendar-date'
import { MOBILE_QUERY } from '@/lib/navigation/model'
import { paneSearch } from '@/app/pane-search'
import { useBuiltScreens } from '@/app/router-context'
import { useAuthMember } from '@/lib/auth/use-auth'

// The Absences pane loads when it is opened, beside the week a facilitator opens first.
const AbsencesPane = lazy(() =>
  import('@/features/timetable/components/absences-pane').then((m) => ({
    default: m.AbsencesPane,
  })),
)
// The Trials pane loads when it is opened.
const TrialsPane = lazy(() => import('@/features/timetable/components/trials-pane'))
// The Notes pane loads when it is opened.
const NotesPane = lazy(() => import('@/features/timetable/components/notes-pane'))
// The Mixed Groups pane (facilitator admins) loads when it is opened.
const MixedGroupsPane = lazy(
  () => import('@/features/timetable/components/mixed-groups/mixed-groups-pane'),
)
// Groups, Assignments and Resources load when they are opened: the week (Lessons) and Students
// are what a facilitator opens first.
const GroupsPane = lazy(() =>
  import('@/features/timetable/components/groups-pane').then((m) => ({ default: m.GroupsPane })),
)
const AssignmentsPane = lazy(() =>
  import('@/features/timetable/components/assignments-pane').then((m) => ({
    default: m.AssignmentsPane,
  })),
)
const ResourcesPane = lazy(() =>
  import('@/features/timetable/components/resources-pane').then((m) => ({
    default: m.ResourcesPane,
  })),
)
// The Feedback pane loads when it is opened.
const FeedbackPane = lazy(() => import('@/features/feedback/components/facilitator-feedback-pane'))
// The parents' meetings and their dialog load when opened.
const MeetingsPane = lazy(() => import('@/features/meetings/components/meetings-pane'))
// The field trips and their dialog load when opened.
const EventsPane = lazy(() => import('@/features/events/components/events-pane'))

const PANES = [
  'lessons',
  'groups',
  'students',
  'trials',
  'assignments',
  'resources',
  'absences',
  'feedback',
  'meetings',
  'events',
  'notes',
  'mixed-groups',
] as const
type Pane = (typeof PANES)[number]

export const Route = createFileRoute('/facilitators/dash/')({
  staticData: { guard: 'auth-facilitator', layout: 'facilitatordash' },
  validateSearch: (
    search: Record<string, unknown>,
  ): { pane?: Pane; week?: string; about?: string } => {
    const { week, about } = search
    if (week !== undefined && (typeof week !== 'string' || !isWeekKey(week)))
      throw new Error('Not a week')
    // The Notes pane's subject (`student:<id>`), when opened from a student's lessons.
    if (about !== undefined && (typeof about !== 'string' || about.length > 80))
      throw new Error('Not a subject')
    return { ...paneSearch(PANES)(search), ...(week ? { week } : {}), ...(about ? { about } : {}) }
  },
  component: FacilitatorDashboard,
})

function FacilitatorDashboard() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const member = useAuthMember()
  const built = useBuiltScreens()
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  // Lessons and Groups are not in the mobile menu, so phones open on Students.
  const pane = search.pane ?? (isMobile ? 'students' : 'lessons')
  const weekKey = search.week ?? weekKeyOf(centreDateOf(new Date()))
  const onWeek = (week: string) => void navigate({ search: { ...search, week } })
  // A pane that is not built (not in this build's screens) is not found, as its menu hides it.
  if (!built.has(`facilitator.${pane}`)) return <NotFoundHere />
  switch (pane) {
    case 'lessons':
      return <LessonsPane weekKey={weekKey} onWeek={onWeek} />
    case 'groups':
      return (
        <Suspense fallback={<Text c="dimmed">Opening groups…</Text>}>
          <GroupsPane weekKey={weekKey} />
        </Suspense>
      )
    case 'students':
      return <StudentsPane weekKey={weekKey} />
    case 'trials':
      return (
        <Suspense fallback={<Text c="dimmed">Opening trials…</Text>}>
          <TrialsPane />
        </Suspense>
      )
    case 'assignments':
      return (
        <Suspense fallback={<Text c="dimmed">Opening assignments…</Text>}>
          <AssignmentsPane />
        </Suspense>
      )
    case 'resources':
      return (
        <Suspense fallback={<Text c="dimmed">Opening resources…</Text>}>
          <ResourcesPane />
        </Suspense>
      )
    case 'absences':
      return (
        <Suspense fallback={<Text c="dimmed">Opening absences…</Text>}>
          <AbsencesPane />
        </Suspense>
      )
    case 'meetings':
      return (
        <Suspense fallback={<Text c="dimmed">Opening meetings…</Text>}>
          <MeetingsPane />
        </Suspense>
      )
    case 'events':
      return (
        <Suspense fallback={<Text c="dimmed">Opening field trips…</Text>}>
          <EventsPane />
        </Suspense>
      )
    case 'feedback':
      return (
        <Suspense fallback={<Text c="dimmed">Opening feedback…</Text>}>
          <FeedbackPane />
        </Suspense>
      )
    case 'notes':
      return (
        <Suspense fallback={<Text c="dimmed">Opening notes…</Text>}>
          <NotesPane about={search.about} />
        </Suspense>
      )
    case 'mixed-groups':
      // Facilitator admins only: for others it is not in the menu, and its address is not found,
      // as every pane a person's menu does not offer.
      if (!member?.isFacilitatorAdmin) return <NotFoundHere />
      return (
        <Suspense fallback={<Text c="dimmed">Opening mixed groups…</Text>}>
          <MixedGroupsPane />
        </Suspense>
      )
    default:
      return <NotFoundHere />
  }
}
