import { useEffect } from 'react'
import { Button } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useAuthMember } from '@/lib/auth/use-auth'
import {
  FACILITATORS_DASH,
  hasTwoDashboards,
  LAST_DASHBOARD_KEY,
  PARENTS_DASH,
} from '@/lib/auth/destinations'

/**
 * For a parent who also facilitates, the way to her other dashboard, in the header of each; it
 * also keeps which one she opened last, where "Go to your dashboard" leads.
 */
export function DashboardSwitch({ current }: { current: 'parents' | 'facilitators' }) {
  const member = useAuthMember()
  const two = member !== null && hasTwoDashboards(member)
  useEffect(() => {
    if (!two) return
    try {
      localStorage.setItem(
        LAST_DASHBOARD_KEY,
        current === 'parents' ? PARENTS_DASH : FACILITATORS_DASH,
      )
    } catch {
      // A browser that keeps nothing: "Go to your dashboard" leads to the parents' one.
    }
  }, [two, current])
  if (!two) return null
  const other = current === 'parents' ? 'Facilitators' : 'Parents'
  return (
    <Button
      component={Link}
      to={current === 'parents' ? FACILITATORS_DASH : PARENTS_DASH}
      size="compact-sm"
      variant="light"
      // The name begins with the words shown (WCAG 2.5.3).
      aria-label={`${other}' dashboard`}
      data-testid="dashboard-switch"
    >
      {other}
    </Button>
  )
}
