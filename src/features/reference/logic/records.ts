import { referenceKinds, type ReferenceKind } from '@sync/contract/collections/reference'
import { rupees } from '@sync/rules/text'
import { academicYearOf, coveredAcademicYears } from '@/lib/time/academic-year'

export interface ReferenceRecord {
  id: string
  kind: ReferenceKind
  data: Record<string, unknown>
}

export const KIND_LABELS: Record<ReferenceKind, { one: string; many: string }> = {
  session_timing: { one: 'Session timing', many: 'Session timings' },
  subject: { one: 'Subject', many: 'Subjects' },
  classroom: { one: 'Classroom', many: 'Classrooms' },
  group: { one: 'Group', many: 'Groups' },
  fee_tariff: { one: 'Fee tariff', many: 'Fee tariffs' },
  holiday: { one: 'Holiday', many: 'Holidays' },
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')
const num = (v: unknown) => (typeof v === 'number' ? v : Number.POSITIVE_INFINITY)

/** The order each list is shown in (operations.md §5): timings by start, tariffs by amount. */
export function sortRecords(kind: ReferenceKind, records: ReferenceRecord[]): ReferenceRecord[] {
  const key = (r: ReferenceRecord): [number | string, string] => {
    switch (kind) {
      case 'session_timing':
        return [num(r.data.groupNumber), text(r.data.timing)]
      case 'fee_tariff':
        return [num(r.data.amount), text(r.data.name)]
      case 'holiday':
        return [text(r.data.startDate), text(r.data.description)]
      default:
        return [text(r.data.name).toLocaleLowerCase('en-IN'), r.id]
    }
  }
  return [...records].sort((a, b) => {
    const [a1, a2] = key(a)
    const [b1, b2] = key(b)
    if (a1 < b1) return -1
    if (a1 > b1) return 1
    return a2 < b2 ? -1 : a2 > b2 ? 1 : 0
  })
}

/**
 * The academic years a holiday can belong to, and the holidays list can show (Q05): the years the
 * calendar covers up to today's, with any later or earlier year a holiday already names.
 */
export function holidayYears(today: string, named: readonly unknown[] = []): string[] {
  const years = new Set(coveredAcademicYears(today))
  for (const y of named) if (typeof y === 'string' && /^\d{4}-\d{2}$/.test(y)) years.add(y)
  return [...years].sort()
}

/** How a record is named in lists and messages. */
export function recordTitle(record: Pick<ReferenceRecord, 'kind' | 'data'>): string {
  const d = record.data
  switch (record.kind) {
    case 'session_timing':
      return `${text(d.timing)} (set ${String(d.groupNumber ?? '')})`
    case 'fee_tariff':
      return `${text(d.name) || 'Tariff'}: ${rupees(Number(d.amount ?? 0))}`
    case 'holiday':
      return text(d.description)
    default:
      return text(d.name)
  }
}

export const DATE_ORDER_ERROR = 'Error: Start date must be before end date'

/** Field errors for a record's data, in words a person can act on; {} when valid. */
export function validateRecord(
  kind: ReferenceKind,
  data: Record<string, unknown>,
): Record<string, string> {
  const errors: Record<string, string> = {}
  const parsed = referenceKinds[kind].safeParse(data)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form')
      errors[field] ??= messageFor(kind, field)
    }
  }
  if (kind === 'session_timing' && !errors.timing) {
    const t = text(data.timing)
    if (t.slice(0, 5) >= t.slice(8)) errors.timing = 'The session must start before it ends'
  }
  if (kind === 'holiday' && !errors.startDate && !errors.endDate) {
    if (text(data.startDate) > text(data.endDate)) errors.endDate = DATE_ORDER_ERROR
  }
  if (kind === 'holiday' && !errors.startDate && !errors.academicYear) {
    const year = academicYearOf(text(data.startDate))
    if (year !== text(data.academicYear))
      errors.academicYear = `The holiday starts in academic year ${year}`
  }
  return errors
}

function messageFor(kind: ReferenceKind, field: string): string {
  switch (field) {
    case 'name':
    case 'description':
      return 'Enter a name'
    case 'timing':
      return 'Use the form HH:MM - HH:MM, for example 09:30 - 10:15'
    case 'groupNumber':
    case 'timingSet':
      return 'Choose a timing set from 1 to 9'
    case 'color':
      return 'Choose one of the subject colours'
    case 'amount':
      return 'Enter an amount of 0 or more'
    case 'startDate':
    case 'endDate':
      return 'Enter a date'
    case 'academicYear':
      return 'Choose the academic year'
    default:
      return `Check the ${KIND_LABELS[kind].one.toLowerCase()} details`
  }
}
