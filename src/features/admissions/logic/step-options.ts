// What the trial and admission dialogs offer: the groups and fee tariffs of the device's
// reference lists, and the curriculum the trial e-mail attaches (H30).
import { letterAmount } from '@sync/rules/text'
import { documentProblem, MAX_DOCUMENT_BYTES, sniffedType } from '@/lib/storage-names'
import { amount, text } from './step-data'

/** A group of the reference lists, as the trial and admission dialogs offer it. */
export interface GroupOption {
  id: string
  name: string
  feeTariffId: string | null
  active: boolean
}
/** A fee tariff: `amount` is the monthly fee. */
export interface TariffOption {
  id: string
  name: string
  amount: number
}

/** The groups and fee tariffs of the device's reference lists, by name. */
export function referenceOptions(
  rows: readonly { id: string; kind: string; data: Record<string, unknown> }[],
): { groups: GroupOption[]; tariffs: TariffOption[] } {
  const groups: GroupOption[] = []
  const tariffs: TariffOption[] = []
  for (const row of rows) {
    const name = text(row.data.name).trim()
    if (row.kind === 'group')
      groups.push({
        id: row.id,
        name,
        feeTariffId: text(row.data.feeTariffId) || null,
        active: row.data.status !== 'inactive',
      })
    else if (row.kind === 'fee_tariff') {
      const monthly = amount(row.data.amount)
      if (monthly !== undefined && monthly >= 0) tariffs.push({ id: row.id, name, amount: monthly })
    }
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
  return { groups: groups.sort(byName), tariffs: tariffs.sort(byName) }
}

/** The groups a dialog offers: the active ones, and the one chosen already even if inactive. */
export function groupChoices(groups: readonly GroupOption[], chosen: string): GroupOption[] {
  return groups.filter((g) => g.active || g.id === chosen)
}

/** A tariff as the select shows it: 'Standard · ₹14,500 a month'. */
export function tariffLabel(tariff: TariffOption): string {
  return `${tariff.name || 'Tariff'} · ₹${letterAmount(tariff.amount)} a month`
}

/** Why a file cannot be the curriculum (H30): a PDF of at most 10 MB, by its bytes too. */
export function curriculumProblem(
  file: { name: string; type: string; size: number },
  head: Uint8Array,
): string | null {
  if (file.size === 0 || file.size > MAX_DOCUMENT_BYTES) return documentProblem(file, head)
  if (file.type !== 'application/pdf' || sniffedType(head) !== 'application/pdf')
    return `${file.name} is not a PDF: the curriculum must be a PDF.`
  return null
}

export const MAX_CURRICULUM_MB = MAX_DOCUMENT_BYTES / (1024 * 1024)
