// Who pays what, as the office's fee screens read it from the device: each student's monthly fee
// (their own tariff, else their group's, else 0: J14), the family's names and addresses for the
// receipts, and the students the overview counts. Pure functions; the hooks feed them the rows.
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import { feeWindowOf, monthlyFeeOf, type FeeWindow } from '@sync/rules/fees/rules'

export interface FeeGroup {
  id: string
  name: string
  feeTariffId: string | null
}

/** A student as the fee screens list them. */
export interface FeeStudent {
  id: string
  name: string
  familyId: string
  familyName: string
  groupName: string
  /** The monthly tariff (J06 studentsFee, J05 feeTariffAmount). */
  monthlyFee: number
  /** When their fees run: from the enrolment's start to a termination's end. */
  feeWindow: FeeWindow
}

/** A family as the receipts and reminders address it. */
export interface FeeFamily {
  id: string
  name: string
  guardianNames: string[]
  /** The guardians' e-mail addresses, each once. */
  emails: string[]
}

const fullName = (g: { firstName?: string; lastName?: string }) =>
  [g.firstName, g.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')

export function feeFamilyOf(family: Pick<FamilyRow, 'id' | 'name' | 'data'>): FeeFamily {
  const guardians = family.data.guardians ?? []
  const emails: string[] = []
  for (const g of guardians) {
    const email = g.email?.trim()
    if (email && !emails.some((e) => e.toLowerCase() === email.toLowerCase())) emails.push(email)
  }
  return {
    id: family.id,
    name: family.name,
    guardianNames: guardians.map(fullName).filter(Boolean),
    emails,
  }
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })

/**
 * The students who pay fees, by name: everyone on the roll (active or on trial), and those whose
 * enrolment ended on a known day, who still owe up to it (the overview leaves them out after).
 */
export function feeStudentsOf(
  students: readonly StudentRow[],
  families: readonly Pick<FamilyRow, 'id' | 'name'>[],
  groups: ReadonlyMap<string, FeeGroup>,
  tariffAmounts: ReadonlyMap<string, number>,
): FeeStudent[] {
  const familyNames = new Map(families.map((f) => [f.id, f.name]))
  return students
    .filter((s) => s.status !== 'terminated' || feeWindowOf(s.enrolment).to !== null)
    .map((s) => ({
      id: s.id,
      name: s.name,
      familyId: s.family_id,
      familyName: familyNames.get(s.family_id) ?? '',
      groupName: (s.group_id && groups.get(s.group_id)?.name) || 'No group',
      monthlyFee: monthlyFeeOf(s, groups, tariffAmounts),
      feeWindow: feeWindowOf({
        ...s.enrolment,
        terminatedAt: s.status === 'terminated' ? s.enrolment.terminatedAt : null,
      }),
    }))
    .sort(byName)
}
