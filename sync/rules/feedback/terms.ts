// Feedback is given per term (M01). Three terms a year (operations.md §9): Term 1 June to August,
// Term 2 September to December, Term 3 January to May (the academic year runs June to May, so May
// belongs to the term it closes). A term's key is '2026_2027_2', the spec's year_year_termNumber.
/** A term's key: the academic year's two years and the term. */
export const TERM_PATTERN = /^[0-9]{4}_[0-9]{4}_[1-3]$/

/** The term a date (YYYY-MM-DD) falls in. */
export function termOf(date: string): string {
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  if (month >= 6 && month <= 8) return `${year}_${year + 1}_1`
  if (month >= 9) return `${year}_${year + 1}_2`
  return `${year - 1}_${year}_3`
}

/** 'Term 2 2026-27', as the admissions dialog names terms. */
export function termLabel(term: string): string {
  if (!TERM_PATTERN.test(term)) return term
  const [from, to, n] = term.split('_') as [string, string, string]
  return `Term ${n} ${from}-${to.slice(2)}`
}

/** The term before. */
export function previousTerm(term: string): string {
  const [from, to, n] = term.split('_').map(Number) as [number, number, number]
  return n > 1 ? `${from}_${to}_${n - 1}` : `${from - 1}_${to - 1}_3`
}

/** The term of `today` and the `count - 1` before it, newest first: the terms a pane offers. */
export function recentTerms(today: string, count = 3): string[] {
  const out = [termOf(today)]
  while (out.length < count) out.push(previousTerm(out[out.length - 1]!))
  return out
}
