import type { SignedInMember } from './types'

/** Where members whose role has no dashboard of its own land (C17/C18). */
export const DEFAULT_SIGNED_IN_PATH = '/facilitators/settings'

/** The post-login destination by role (core.md §6). */
export function homePathFor(member: Pick<SignedInMember, 'role'>): string {
  switch (member.role) {
    case 'admin':
      return '/admin/dash/members'
    case 'admission':
    case 'administration':
      return '/administration/dash'
    case 'facilitator':
      return '/facilitators/dash'
    case 'guardian':
      return '/parents/dash'
    case 'student':
      return '/students/dash'
    default:
      return DEFAULT_SIGNED_IN_PATH
  }
}

/** The two dashboards of a parent who also facilitates. */
export const PARENTS_DASH = '/parents/dash'
export const FACILITATORS_DASH = '/facilitators/dash'
/** Where the dashboard a person with two last opened is kept on the device. */
export const LAST_DASHBOARD_KEY = 'app.dashboard.last'

type TwoDashboards = Pick<SignedInMember, 'role' | 'isParentFacilitator'>

/** Whether this person has both the parents' and the facilitators' dashboards. */
export const hasTwoDashboards = (member: TwoDashboards) =>
  member.role === 'guardian' && member.isParentFacilitator

/**
 * "Your dashboard": the role's own, or for a parent who facilitates the one of the two she last
 * opened on this device (the parents' until she opens the other).
 */
export function dashboardPathFor(member: TwoDashboards, last: string | null): string {
  if (hasTwoDashboards(member)) return last === FACILITATORS_DASH ? FACILITATORS_DASH : PARENTS_DASH
  return homePathFor(member)
}
