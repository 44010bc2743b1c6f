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
