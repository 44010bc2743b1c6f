import { describe, expect, it } from 'vitest'
import { previousTerm, recentTerms, termLabel, termOf } from './terms.ts'

describe('terms (operations.md §9)', () => {
  it.each([
    ['2026-06-01', '2026_2027_1'],
    ['2026-08-31', '2026_2027_1'],
    ['2026-09-01', '2026_2027_2'],
    ['2026-12-31', '2026_2027_2'],
    ['2027-01-01', '2026_2027_3'],
    ['2027-05-31', '2026_2027_3'],
  ])('%s is in %s', (date, term) => {
    expect(termOf(date)).toBe(term)
  })

  it('names a term as people read it', () => {
    expect(termLabel('2026_2027_2')).toBe('Term 2 2026-27')
    expect(termLabel('1999_2000_3')).toBe('Term 3 1999-00')
  })

  it('goes back across the academic year', () => {
    expect(previousTerm('2026_2027_1')).toBe('2025_2026_3')
    expect(previousTerm('2026_2027_3')).toBe('2026_2027_2')
    expect(recentTerms('2026-11-28')).toEqual(['2026_2027_2', '2026_2027_1', '2025_2026_3'])
  })
})
