import { describe, expect, it } from 'vitest'
import { clockTime, lastTimeText } from './clock'

const at = (y: number, m: number, d: number, h: number, min: number) =>
  new Date(y, m - 1, d, h, min).getTime()

describe('times in the header', () => {
  it.each([
    [at(2026, 11, 26, 9, 5), '09:05'],
    [at(2026, 11, 26, 0, 0), '00:00'],
    [at(2026, 11, 26, 23, 59), '23:59'],
  ])('shows %s as %s', (ms, text) => {
    expect(clockTime(ms)).toBe(text)
  })

  it.each([
    [at(2026, 11, 26, 14, 5), 'today 14:05'],
    [at(2026, 11, 25, 23, 59), '25 Nov 2026 23:59'],
    [at(2026, 9, 3, 8, 0), '3 Sep 2026 08:00'],
    [at(2025, 12, 31, 18, 30), '31 Dec 2025 18:30'],
  ])('says when %s was, seen on 26 Nov 2026: %s', (ms, text) => {
    expect(lastTimeText(ms, at(2026, 11, 26, 16, 0))).toBe(text)
  })
})
