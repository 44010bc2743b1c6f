// The admission dialog (H31–H36): the terms a child may start in, the group that brings its fee
// tariff and the tariff its monthly fee, and what an earlier admission e-mail said.
import { CONTRIBUTION_TYPES, DEFAULT_ADMISSION_FEES } from '@sync/rules/admissions/steps'
import { amount, childrenOf, text } from './step-data'
import type { AdmissionInput } from './step-form'
import type { GroupOption, TariffOption } from './step-options'

type Data = Record<string, unknown>

const pad = (n: number) => String(n).padStart(2, '0')
const yearLabel = (start: number) => `${start}-${pad((start + 1) % 100)}`

/**
 * The terms a child may be admitted from (operations.md §9): the next `count` terms that start
 * on or after `today` (Term 1 starts in June, Term 2 in September, Term 3 in January), labelled
 * with their academic year: 'Term 3 2026-27'.
 */
export function admissionTermOptions(today: string, count = 4): string[] {
  const options: string[] = []
  for (let year = Number(today.slice(0, 4)); options.length < count; year++) {
    const starts = [
      { day: `${year}-01-01`, label: `Term 3 ${yearLabel(year - 1)}` },
      { day: `${year}-06-01`, label: `Term 1 ${yearLabel(year)}` },
      { day: `${year}-09-01`, label: `Term 2 ${yearLabel(year)}` },
    ]
    for (const start of starts)
      if (start.day >= today && options.length < count) options.push(start.label)
  }
  return options
}

/** The admission chosen with a group: the group's fee tariff, and the tariff's monthly fee. */
export function withGroup(
  values: AdmissionInput,
  groupId: string,
  groups: readonly GroupOption[],
  tariffs: readonly TariffOption[],
): AdmissionInput {
  const group = groups.find((g) => g.id === groupId)
  const next = { ...values, groupId: group?.id ?? '', groupName: group?.name ?? '' }
  return group?.feeTariffId ? withTariff(next, group.feeTariffId, tariffs) : next
}

/** The admission with a fee tariff: its amount is the monthly fee (which stays editable). */
export function withTariff(
  values: AdmissionInput,
  tariffId: string,
  tariffs: readonly TariffOption[],
): AdmissionInput {
  const tariff = tariffs.find((t) => t.id === tariffId)
  return {
    ...values,
    feeTariffId: tariffId,
    monthlyFee: tariff ? tariff.amount : values.monthlyFee,
  }
}

/**
 * The admission dialog for a child: what an earlier admission e-mail said, else the group the
 * child tried with its tariff, the next term, the default deposit (45000) and no contribution.
 */
export function admissionDefaults(
  data: Data,
  child: number,
  today: string,
  groups: readonly GroupOption[],
  tariffs: readonly TariffOption[],
): AdmissionInput {
  const c = childrenOf(data)[child] ?? {}
  const base: AdmissionInput = {
    child,
    admissionTerm: text(c.admissionTerm) || (admissionTermOptions(today)[0] ?? ''),
    admissionTermDescription: text(c.admissionTermDescription),
    groupId: '',
    groupName: '',
    feeTariffId: '',
    monthlyFee: '',
    admissionFee: amount(c.admissionFee) ?? '',
    depositFee: amount(c.depositFee) ?? DEFAULT_ADMISSION_FEES.depositFee,
    contributionType: CONTRIBUTION_TYPES.find((t) => t === c.contributionType) ?? 'None',
    contributionFee: amount(c.contributionFee) ?? 0,
  }
  const grouped = withGroup(
    base,
    text(c.admissionGroupUUID) || text(c.trialGroupUUID),
    groups,
    tariffs,
  )
  const tariffed = text(c.feeTariffUUID)
    ? withTariff(grouped, text(c.feeTariffUUID), tariffs)
    : grouped
  const monthly = amount(c.monthlyFee)
  return monthly === undefined ? tariffed : { ...tariffed, monthlyFee: monthly }
}
