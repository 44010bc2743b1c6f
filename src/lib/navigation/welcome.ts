// What a dashboard whose panes are not built yet says to the person who lands on it: what they
// can do today (links to built screens only) and which panes will open there.
import type { SignedInMember } from '../auth/types'
import { administrationItems, builtOnly, type NavItem } from './model'

export type WelcomeDashboard = 'administration'

export interface WelcomeLink {
  label: string
  to: string
  what: string
}

export interface Welcome {
  /** Which dashboard this is, as a phrase ("the parents’ dashboard"). */
  title: string
  greeting: string
  today: WelcomeLink[]
  /** Panes of this dashboard that are not built yet, in menu order. */
  coming: string[]
}

const dashboards: Record<WelcomeDashboard, { title: string; items: readonly NavItem[] }> = {
  administration: { title: 'the administration dashboard', items: administrationItems },
}

export function welcomeFor(
  dashboard: WelcomeDashboard,
  member: Pick<SignedInMember, 'name' | 'email' | 'role' | 'isParentFacilitator'>,
  built: ReadonlySet<string>,
): Welcome {
  const { title, items } = dashboards[dashboard]
  const today: WelcomeLink[] = []
  if (member.role === 'admin') {
    today.push({
      label: 'Admin dashboard',
      to: '/admin/dash/members',
      what: 'Members, facilitators, files, e-mails and the centre settings.',
    })
  }
  if (member.isParentFacilitator && built.has('facilitator.students')) {
    today.push({
      label: 'Facilitator dashboard',
      to: '/facilitators/dash',
      what: 'Your groups’ weeks, lessons, assignments and resources.',
    })
  }
  today.push({
    label: 'Account settings',
    to: '/facilitators/settings',
    what: 'See your name, e-mail and role, and change your password.',
  })
  const builtHere = new Set(builtOnly([...items], built).map((i) => i.key))
  return {
    title,
    greeting: `Welcome, ${member.name || member.email}`,
    today,
    coming: items.filter((i) => !builtHere.has(i.key)).map((i) => i.label),
  }
}
