// One navigation model per dashboard (core.md §2). Pure functions: the layouts render what
// these return, and the table-driven tests check them against the spec's rules.

export interface NavItem {
  /** Stable key: the screen registry marks which keys have a built screen. */
  key: string
  label: string
  /** Route path. */
  to: string
  /** In-page pane, carried in the `pane` search parameter. */
  pane?: string
}

/** Mobile means a viewport of at most 992px wide. */
export const MOBILE_MAX_WIDTH = 992
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`
/** A phone held upright: the header shows its indicators and links in their shortest form. */
export const NARROW_QUERY = '(max-width: 575px)'

export const adminItems: readonly NavItem[] = [
  { key: 'admin.members', label: 'Members', to: '/admin/dash/members' },
  { key: 'admin.files', label: 'Files', to: '/admin/dash/files' },
  { key: 'admin.tasks', label: 'Scheduled Tasks', to: '/admin/dash/tasks' },
  { key: 'admin.errors', label: 'System Errors', to: '/admin/dash/errors' },
  { key: 'admin.warnings', label: 'Warnings', to: '/admin/dash/warnings' },
  { key: 'admin.nodemailer', label: 'Node Mailer', to: '/admin/dash/nodemailer' },
  { key: 'admin.whatsapp', label: 'WhatsApp', to: '/admin/dash/whatsapp' },
  { key: 'admin.feedback', label: 'Feedback', to: '/admin/dash/feedback' },
  { key: 'admin.facilitators', label: 'Facilitators', to: '/admin/dash/facilitators' },
]

export function adminNav(): NavItem[] {
  return [...adminItems]
}

const administrationPane = (pane: string, label: string): NavItem => ({
  key: `administration.${pane}`,
  label,
  to: '/administration/dash',
  pane,
})

export const administrationItems: readonly NavItem[] = [
  { key: 'administration.inquiries', label: 'Pre-Admission', to: '/administration/dash' },
  { key: 'administration.families', label: 'Families', to: '/administration/dash/families' },
  { key: 'administration.students', label: 'Students', to: '/administration/dash/students' },
  administrationPane('reminders', 'Reminders'),
  administrationPane('meetings', 'Meetings'),
  administrationPane('events', 'Events'),
  administrationPane('payments', 'Payments'),
  administrationPane('accounting', 'Accounting'),
  administrationPane('archive', 'Archive'),
]

export const administrationTitles = {
  page: 'Pre-Admission',
  navigation: 'Administration Dashboard',
} as const

/** The mobile menu omits the first three panes. */
export function administrationNav({ isMobile }: { isMobile: boolean }): NavItem[] {
  return isMobile ? administrationItems.slice(3) : [...administrationItems]
}

const facilitatorPane = (pane: string, label: string): NavItem => ({
  key: `facilitator.${pane}`,
  label,
  to: '/facilitators/dash',
  pane,
})

export const facilitatorItems: readonly NavItem[] = [
  facilitatorPane('lessons', 'Lessons'),
  facilitatorPane('groups', 'Groups'),
  facilitatorPane('students', 'Students'),
  facilitatorPane('assignments', 'Assignments'),
  facilitatorPane('resources', 'Resources'),
  facilitatorPane('absences', 'Absences'),
  facilitatorPane('feedback', 'Feedback'),
  facilitatorPane('meetings', 'Meetings'),
  facilitatorPane('events', 'Events'),
  facilitatorPane('notes', 'Notes'),
  facilitatorPane('mixed-groups', 'Mixed Groups'),
]
export const trialsItem: NavItem = facilitatorPane('trials', 'Trials')

/** "Position 4" counts from 1: Trials goes right after Students (decision B59). */
export const TRIALS_POSITION = 4

export interface FacilitatorNavInput {
  isMobile: boolean
  hasTrials: boolean
  isFacilitatorAdmin: boolean
}

export function facilitatorNav({
  isMobile,
  hasTrials,
  isFacilitatorAdmin,
}: FacilitatorNavInput): NavItem[] {
  const items = [...facilitatorItems]
  if (hasTrials) items.splice(TRIALS_POSITION - 1, 0, trialsItem)
  if (!isFacilitatorAdmin) items.pop()
  return isMobile ? items.filter((i) => i.pane !== 'lessons' && i.pane !== 'groups') : items
}

export const parentsItems: readonly NavItem[] = [
  { key: 'parents.home', label: 'Home', to: '/parents/dash', pane: 'home' },
  { key: 'parents.payments', label: 'Payments', to: '/parents/dash', pane: 'payments' },
  { key: 'parents.feedback', label: 'Feedback', to: '/parents/dash', pane: 'feedback' },
]
export const PARENTS_DEFAULT_PANE = 'home'

export function parentsNav(): NavItem[] {
  return [...parentsItems]
}

/** Only items whose screen is built are shown (no blank pages). */
export function builtOnly(items: NavItem[], built: ReadonlySet<string>): NavItem[] {
  return items.filter((i) => built.has(i.key))
}
