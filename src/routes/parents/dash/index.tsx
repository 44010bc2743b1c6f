import { lazy, Suspense, useEffect } from 'react'
import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router'
import { Text } from '@mantine/core'
import { paneSearch } from '@/app/pane-search'
import { useProfileComplete } from '@/features/families/hooks/use-profile-state'
import { useSyncView } from '@/db/hooks'
import { useAuthMember } from '@/lib/auth/use-auth'

// Home loads as a screen of its own, so the parents' first load carries only the shell, and
// each of its cards that asks something of the parent loads beside it (decision D41-4).
const FamilyHome = lazy(() => import('@/features/families/components/family-home'))
const HomeToPay = lazy(() => import('@/features/fees/components/parents-home-due'))
// The family's next parents' meeting, with their answer, on Home beside the fees due.
const NextMeeting = lazy(() => import('@/features/meetings/components/parents-next-meeting'))
// The profile wizard loads when it is opened: a parent's first load carries the Home only.
const ProfilePage = lazy(() => import('@/features/families/components/profile-page'))
// A pane that is not built shows the 404 screen, loaded only then.
const NotFoundHere = lazy(() =>
  import('@/app/layouts/not-found-here').then((m) => ({ default: m.NotFoundHere })),
)
// The family's absences, on Home once it shows: a parent's first load carries none of it.
const FamilyAbsences = lazy(() => import('@/features/families/components/family-absences'))
// The coming field trips, likewise.
const FamilyTrips = lazy(() => import('@/features/events/components/family-trips'))
// The notes the facilitators shared, likewise.
const FamilyNotes = lazy(() => import('@/features/families/components/family-notes'))
// The Payments pane, with its QR code library, loads when a parent opens it.
const PaymentsPane = lazy(() => import('@/features/fees/components/parents-payments-pane'))
// The Feedback pane loads when a parent opens it.
const FeedbackPane = lazy(() => import('@/features/feedback/components/parents-feedback-pane'))

export const Route = createFileRoute('/parents/dash/')({
  staticData: { guard: 'auth-parents', layout: 'parentsdash' },
  validateSearch: paneSearch(['home', 'payments', 'feedback', 'profile'] as const),
  component: ParentsDashboard,
})

function ParentsDashboard() {
  const { pane = 'home' } = Route.useSearch()
  const navigate = useNavigate()
  const member = useAuthMember()
  const complete = useProfileComplete(member?.familyToken ?? null)
  // Judged only once this device has had one whole sync: a family's record can arrive before
  // its children's, and half a family is not an incomplete profile.
  const { lastSyncedAt } = useSyncView()
  // Whether the dashboard sent the parent to the Profile page (kept in the history entry).
  const forced = useRouterState({
    select: (s) => (s.location.state as { forcedProfile?: boolean }).forcedProfile === true,
  })
  // core.md §2: an incomplete profile forces the Profile page, except for profile admins.
  const force =
    complete === false && lastSyncedAt !== null && !member?.isProfileAdmin && pane !== 'profile'
  useEffect(() => {
    if (!force) return
    void navigate({
      to: '/parents/dash',
      search: { pane: 'profile' },
      replace: true,
      state: { forcedProfile: true } as never,
    })
  }, [force, navigate])
  if (force) return null
  switch (pane) {
    case 'home':
      return (
        <Suspense fallback={<Text c="dimmed">Opening your home…</Text>}>
          <FamilyHome
            cards={
              <>
                <Suspense fallback={null}>
                  <NextMeeting />
                </Suspense>
                <Suspense fallback={null}>
                  <HomeToPay />
                </Suspense>
                <Suspense fallback={null}>
                  <FamilyTrips />
                </Suspense>
              </>
            }
            absences={
              <Suspense fallback={null}>
                <FamilyAbsences />
                <FamilyNotes />
              </Suspense>
            }
          />
        </Suspense>
      )
    case 'payments':
      return (
        <Suspense fallback={<Text c="dimmed">Opening your payments…</Text>}>
          <PaymentsPane />
        </Suspense>
      )
    case 'feedback':
      return (
        <Suspense fallback={null}>
          <FeedbackPane />
        </Suspense>
      )
    case 'profile':
      return (
        <Suspense fallback={<Text c="dimmed">Opening your family&apos;s profile…</Text>}>
          <ProfilePage
            forced={forced}
            onFinished={() => void navigate({ to: '/parents/dash', search: { pane: 'home' } })}
          />
        </Suspense>
      )
    default:
      return (
        <Suspense fallback={null}>
          <NotFoundHere />
        </Suspense>
      )
  }
}
