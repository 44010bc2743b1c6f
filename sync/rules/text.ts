// How values are written for people, the same in the app, the edge functions and the local host:
// text made safe for HTML, dates and amounts of rupees. Dates are read as calendar dates and
// written in UTC, so the day shown never depends on the device's time zone. Names of months come
// from the platform's en-IN calendar (e.g. 'Sept'), as the screens and e-mails have always shown
// them; docs/decisions.md says why this is not date-fns.

/** Text as it may stand in HTML, inside an element or an attribute: `<b>` → `&lt;b&gt;`. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/

/** The calendar day an ISO date or timestamp starts with, at midnight UTC; null when there is none. */
function dayOf(iso: string): Date | null {
  const match = ISO_DAY.exec(iso)
  if (!match) return null
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const day = new Date(Date.UTC(y, m - 1, d))
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d ? day : null
}

function dateIn(iso: string, options: Intl.DateTimeFormatOptions): string {
  const day = dayOf(iso)
  return day ? day.toLocaleDateString('en-IN', { ...options, timeZone: 'UTC' }) : iso
}

/**
 * '2026-11-27' → '27 Nov 2026'. A timestamp is written as the date it starts with; what is not
 * a date is returned as it is (so is every helper below).
 */
export function shortDate(iso: string): string {
  return dateIn(iso, { day: 'numeric', month: 'short', year: 'numeric' })
}

/** '2026-12-03' → '3 December 2026', as a receipt or a letter writes a date. */
export function longDate(iso: string): string {
  return dateIn(iso, { day: 'numeric', month: 'long', year: 'numeric' })
}

/** Whether the dates above can write it: a day of the calendar, 'YYYY-MM-DD' first. */
export function isCalendarDate(iso: string): boolean {
  return dayOf(iso) !== null
}

const indianAmount = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
const indianAmountAsWritten = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 })

/** An amount with Indian digit grouping and two decimals (J20): 1450000 → '14,50,000.00'. */
export function amountText(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`)
  return indianAmount.format(amount)
}

/** An amount of rupees as the screens show it: 31200 → '₹31,200.00'. */
export function rupees(amount: number): string {
  return `₹${amountText(amount)}`
}

/**
 * A fee as a letter writes it, decimals only when there are any: 1450000 → '14,50,000',
 * 14500.5 → '14,500.5'. A number typed as text counts; anything else is ''.
 */
export function letterAmount(value: unknown): string {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim()
        ? Number(value)
        : NaN
  return Number.isFinite(n) ? indianAmountAsWritten.format(n) : ''
}
