// The admin member list's filters, sorts and page label (operations.md §2, §9; F13-F15).

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

/** "1-15 of 42"; "0 of 0" for an empty list. */
export function pageLabel(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `0 of ${total}`
  return `${offset + 1}-${offset + shown} of ${total}`
}

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
