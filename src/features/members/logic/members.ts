// The admin member list's filters, sorts and page label (operations.md §2, §9; F13-F15).
import { noMailServerWarning } from '@/lib/mail-server'

export const MEMBER_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'guardians', label: 'Guardians' },
  { value: 'students', label: 'Students' },
  { value: 'facilitators', label: 'Facilitators' },
  { value: 'administration', label: 'Administration' },
  { value: 'blocked', label: 'Blocked' },
] as const
export type MemberFilter = (typeof MEMBER_FILTERS)[number]['value']

export const MEMBER_SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'newest', label: 'Newest' },
  { value: 'frequent', label: 'Frequent' },
] as const
export type MemberSort = (typeof MEMBER_SORTS)[number]['value']

export const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  admission: 'Admission',
  administration: 'Administration',
  facilitator: 'Facilitator',
  guardian: 'Guardian',
  student: 'Student',
  member: 'Member',
}

/** A member's role as the list shows it, with the flags that change what they can do. */
export function roleLabel(role: string, extra: string | null): string {
  const base = ROLE_LABELS[role] ?? 'Member'
  if (extra === 'admin' && role === 'facilitator') return 'Facilitator admin'
  if (extra === 'pf' && role === 'guardian') return 'Parent facilitator'
  return base
}

/** The page sizes an admin can choose for every admin list (F16; the server takes 5 to 100). */
export const PAGE_SIZES = [5, 10, 15, 20, 25, 50, 100] as const

/** What `admin_overview` answers (F17). */
export interface Overview {
  paginationLimit: number
  members: Record<
    | 'memberCount'
    | 'guardians'
    | 'students'
    | 'facilitators'
    | 'administration'
    | 'members'
    | 'blocked',
    number
  >
  accounts: { users: number; unverified: number }
  facilitatorsAll: number
  /** The centre's recurring jobs (absent from older servers). */
  scheduledTasks?: number
  /** Feedback entries about students, and those ready and not yet released (F17). */
  feedback?: number
  feedbackReady?: number
  /** Parents' meetings and events (field trips) set up, archived ones too (N12). */
  meetings?: number
  events?: number
  functionErrors: number
  systemWarnings: number
  backendEmails: number
  emailsFailed: number
  /** E-mails queued or being sent (absent from older servers). */
  emailsQueued?: number
  /** Whether the dispatcher has a mail server, as it last said (null: not said yet). */
  mailServer?: boolean | null
  emailTypes: Record<string, number>
}

export interface CountItem {
  label: string
  value: number
  /** Something an admin should look at. */
  attention?: boolean
}

/** The counts as the admin dashboard shows them, in reading order. */
export function overviewItems(o: Overview): {
  people: CountItem[]
  system: CountItem[]
  emailTypes: CountItem[]
  /** Said plainly above the counts while no mail server is set up. */
  mailWarning: string | null
} {
  const queued = o.emailsQueued ?? 0
  return {
    people: [
      { label: 'Members', value: o.members.memberCount },
      { label: 'Guardians', value: o.members.guardians },
      { label: 'Students', value: o.members.students },
      { label: 'Facilitators', value: o.members.facilitators },
      { label: 'Administration', value: o.members.administration },
      { label: 'Without a role', value: o.members.members },
      { label: 'Blocked', value: o.members.blocked },
      { label: 'E-mail not confirmed', value: o.accounts.unverified },
      // Every member has a sign-in account; what the accounts add is those who are not members.
      {
        label: 'Accounts not registered',
        value: Math.max(o.accounts.users - o.members.memberCount, 0),
      },
      { label: 'Facilitators listed', value: o.facilitatorsAll },
    ],
    system: [
      { label: 'Scheduled tasks', value: o.scheduledTasks ?? 0 },
      { label: 'Feedback', value: o.feedback ?? 0 },
      { label: 'Feedback to release', value: o.feedbackReady ?? 0 },
      { label: 'Meetings', value: o.meetings ?? 0 },
      { label: 'Events', value: o.events ?? 0 },
      { label: 'System errors', value: o.functionErrors, attention: o.functionErrors > 0 },
      { label: 'Warnings', value: o.systemWarnings, attention: o.systemWarnings > 0 },
      { label: 'E-mails', value: o.backendEmails },
      {
        label: 'E-mails waiting',
        value: queued,
        attention: o.mailServer === false && queued > 0,
      },
      { label: 'E-mails failed', value: o.emailsFailed, attention: o.emailsFailed > 0 },
    ],
    emailTypes: Object.entries(o.emailTypes).map(([label, value]) => ({ label, value })),
    mailWarning: noMailServerWarning(o.mailServer, queued),
  }
}

/** A member's state as the list shows it: blocked, or whether their e-mail is confirmed. */
export function memberState(m: { status: string; email_confirmed: boolean | null }): {
  label: string
  color: string
} {
  if (m.status === 'blocked') return { label: 'Blocked', color: 'red' }
  if (m.email_confirmed === null) return { label: 'No sign-in account', color: 'gray' }
  return m.email_confirmed
    ? { label: 'Active', color: 'green' }
    : { label: 'E-mail not confirmed', color: 'orange' }
}

/** Whether the member has facilitator rights (a facilitator, or a parent facilitator). */
export function isFacilitatorMember(role: string, extra: string | null): boolean {
  return role === 'facilitator' || (role === 'guardian' && extra === 'pf')
}

/** Members an admin may add as facilitator or remove (F23): no staff, no students. */
export function canToggleFacilitator(role: string): boolean {
  return role === 'member' || role === 'guardian' || role === 'facilitator'
}

/** Members whose e-mail sending an admin can see and switch (O09): the office staff. */
export function sendsEmail(role: string): boolean {
  return role === 'admin' || role === 'administration' || role === 'admission'
}

/** The e-mail sending action's label for a member of staff, or null for anyone else (O09). */
export function emailSendingAction(m: {
  role: string
  email_sending?: boolean
  email_sending_forced?: boolean
}): { label: string; enable: boolean; disabled: boolean } | null {
  if (!sendsEmail(m.role)) return null
  if (m.email_sending_forced)
    return { label: 'E-mail sending is always on', enable: true, disabled: true }
  return m.email_sending === false
    ? { label: 'Turn e-mail sending on', enable: true, disabled: false }
    : { label: 'Turn e-mail sending off', enable: false, disabled: false }
}

export interface SignInEntry {
  at: string
  app_version: string | null
  user_agent: string | null
  ip: string | null
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/** "Chrome on Android" from a browser's user agent, for the sign-in history. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1]
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1]
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? userAgent.slice(0, 40)
}
