const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 })

/** A fee as a letter writes it, with Indian digit grouping: 1450000 → '14,50,000'. */
export function formatRupees(value: unknown): string {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim()
        ? Number(value)
        : NaN
  return Number.isFinite(n) ? rupees.format(n) : ''
}
