// What administration's Families, Students and Archive panes show (I04, I13–I16, I29–I34),
// worked out from the families and students on the device. Pure functions; the hooks feed them
// the local database.
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import {
  ageOn,
  expiredProofs,
  isExtendedProgrammeFamily,
  profileGaps,
  type FamilyProfile,
  type ProfileGap,
} from '@sync/rules/families/profile'
import type { IsoDate } from '@sync/rules/timetable/types'

export interface GroupOption {
  id: string
  name: string
  feeTariffId: string | null
  active: boolean
}

export interface TariffOption {
  id: string
  label: string
}

export const FAMILY_STATUS_LABELS: Record<FamilyRow['status'], string> = {
  admission: 'In admission',
  enrolled: 'Enrolled',
  notEnrolled: 'Not enrolled',
  archived: 'Archived',
}

export const STUDENT_STATUS_LABELS: Record<StudentRow['status'], string> = {
  active: 'Active',
  trial: 'On trial',
  terminated: 'Enrolment ended',
}

export interface OfficeChild {
  id: string
  name: string
  groupId: string | null
  groupName: string
  status: StudentRow['status']
  age: number | null
  terminationNotes: string | null
}

export interface OfficeGuardian {
  name: string
  email: string | null
  phone: string | null
}

export interface OfficeFamily {
  id: string
  name: string
  status: FamilyRow['status']
  guardians: OfficeGuardian[]
  /** Enrolled children first (by name), then those whose enrolment ended. */
  children: OfficeChild[]
  extendedProgramme: boolean
  profileComplete: boolean
  /** What keeps the profile from being complete, in words. */
  gaps: string[]
  expiredDocuments: number
  forms: number
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })

function ageOf(dob: string | null | undefined, today: IsoDate): number | null {
  if (!dob) return null
  try {
    return ageOn(dob, today)
  } catch {
    return null
  }
}

const groupNameOf = (groups: ReadonlyMap<string, GroupOption>, id: string | null) =>
  (id && groups.get(id)?.name) || 'No group'

/** One family as the office reads it: guardians, children, profile and programme. */
export function officeFamily(
  family: FamilyRow,
  rows: readonly StudentRow[],
  groups: ReadonlyMap<string, GroupOption>,
  today: IsoDate,
): OfficeFamily {
  const children = rows
    .map((row): OfficeChild => ({
      id: row.id,
      name: row.name,
      groupId: row.group_id,
      groupName: groupNameOf(groups, row.group_id),
      status: row.status,
      age: ageOf(row.data.dob, today),
      terminationNotes: row.enrolment.terminationNotes ?? null,
    }))
    .sort(
      (a, b) =>
        Number(a.status === 'terminated') - Number(b.status === 'terminated') || byName(a, b),
    )
  const enrolled = children.filter((c) => c.status !== 'terminated')
  const profile: FamilyProfile = {
    guardians: family.data.guardians,
    children: rows.filter((r) => r.status !== 'terminated').map((r) => r.data),
    forms: family.data.forms,
    legalGuardianDocuments: family.data.legalGuardianDocuments,
  }
  const guardianNames = family.data.guardians.map((g) =>
    [g.firstName, g.lastName].filter(Boolean).join(' '),
  )
  const childNames = rows.filter((r) => r.status !== 'terminated').map((r) => r.name)
  const gaps = profileGaps(profile).map((gap) => gapText(gap, guardianNames, childNames))
  return {
    id: family.id,
    name: family.name,
    status: family.status,
    guardians: family.data.guardians.map((g, i) => ({
      name: guardianNames[i] ?? '',
      email: g.email ?? null,
      phone: g.mobile ? `${g.prefix ?? ''} ${g.mobile}`.trim() : null,
    })),
    children,
    extendedProgramme: isExtendedProgrammeFamily(enrolled.map((c) => c.groupName)),
    profileComplete: gaps.length === 0,
    gaps,
    expiredDocuments: expiredProofs(profile, today),
    forms: (family.data.forms ?? []).length,
  }
}

/**
 * The families of a pane, by name (I14): the Families pane shows every family that is not
 * archived, the Archive pane the archived ones (I15). A search matches the family's name, a
 * guardian's name or e-mail, or a child's name.
 */
export function familiesOfPane(
  families: readonly FamilyRow[],
  students: readonly StudentRow[],
  groups: ReadonlyMap<string, GroupOption>,
  today: IsoDate,
  pane: 'families' | 'archive',
  search = '',
): OfficeFamily[] {
  const byFamily = new Map<string, StudentRow[]>()
  for (const row of students) {
    byFamily.set(row.family_id, [...(byFamily.get(row.family_id) ?? []), row])
  }
  const words = search.trim().toLowerCase()
  return families
    .filter((f) => (pane === 'archive') === (f.status === 'archived'))
    .map((f) => officeFamily(f, byFamily.get(f.id) ?? [], groups, today))
    .filter(
      (f) =>
        !words ||
        [
          f.name,
          ...f.guardians.flatMap((g) => [g.name, g.email ?? '']),
          ...f.children.map((c) => c.name),
        ]
          .join('\n')
          .toLowerCase()
          .includes(words),
    )
    .sort(byName)
}

export interface StudentListEntry {
  id: string
  name: string
  groupId: string | null
  groupName: string
  status: StudentRow['status']
  familyId: string
  familyName: string
  age: number | null
}

/** The Students pane (I13, I14): students on the roll (active or on trial), by group, then name. */
export function activeStudents(
  students: readonly StudentRow[],
  families: readonly FamilyRow[],
  groups: ReadonlyMap<string, GroupOption>,
  today: IsoDate,
): StudentListEntry[] {
  const familyNames = new Map(families.map((f) => [f.id, f.name]))
  return students
    .filter((s) => s.status !== 'terminated')
    .map((s) => ({
      id: s.id,
      name: s.name,
      groupId: s.group_id,
      groupName: groupNameOf(groups, s.group_id),
      status: s.status,
      familyId: s.family_id,
      familyName: familyNames.get(s.family_id) ?? '',
      age: ageOf(s.data.dob, today),
    }))
    .sort(
      (a, b) =>
        a.groupName.localeCompare(b.groupName, 'en', { sensitivity: 'base' }) || byName(a, b),
    )
}

/** Profile gaps in the office's words. */
export function gapText(
  gap: ProfileGap,
  guardians: readonly string[],
  children: readonly string[],
): string {
  const who = (g: { who: 'guardian' | 'child'; index: number }) =>
    g.who === 'guardian'
      ? guardians[g.index] || `Guardian ${g.index + 1}`
      : children[g.index] || `Child ${g.index + 1}`
  switch (gap.kind) {
    case 'no-forms':
      return 'No forms uploaded'
    case 'no-guardian':
      return 'No guardian'
    case 'no-child':
      return 'No enrolled child'
    case 'missing-proof':
      return `${who(gap)}: no identity document`
    case 'file-not-uploaded':
      return `${who(gap)}: an identity document's file is not uploaded`
    case 'needs-two-proofs':
      return `${who(gap)}: two identity documents are needed (not an Indian national)`
    case 'needs-legal-guardian-documents':
      return 'Legal guardian documents are missing'
  }
}
