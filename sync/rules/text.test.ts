import { describe, expect, it } from 'vitest'
import {
  amountText,
  escapeHtml,
  isCalendarDate,
  letterAmount,
  longDate,
  rupees,
  shortDate,
} from './text.ts'

describe('escapeHtml', () => {
  it.each([
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['<b>bold</b>', '&lt;b&gt;bold&lt;/b&gt;'],
    ['say "hi"', 'say &quot;hi&quot;'],
    ["D'Souza", 'D&#39;Souza'],
    [`"it's"`, '&quot;it&#39;s&quot;'],
    [`"it's"`, '&quot;it&#39;s&quot;'],
    ['&amp;', '&amp;amp;'],
    ['plain', 'plain'],
  ])('%j → %j', (text, escaped) => expect(escapeHtml(text)).toBe(escaped))
})

describe('dates as people read them', () => {
  it.each([
    // date, short, long
    ['2026-11-01', '1 Nov 2026', '1 November 2026'],
    ['2026-11-27', '27 Nov 2026', '27 November 2026'],
    ['2026-12-03', '3 Dec 2026', '3 December 2026'],
    ['2027-01-31', '31 Jan 2027', '31 January 2027'],
    ['2028-02-29', '29 Feb 2028', '29 February 2028'],
    // A timestamp is its date: late evening UTC is not moved to the next day.
    ['2026-11-27T23:30:00.000Z', '27 Nov 2026', '27 November 2026'],
  ])('%s', (iso, short, long) => {
    expect(shortDate(iso)).toBe(short)
    expect(longDate(iso)).toBe(long)
    expect(isCalendarDate(iso)).toBe(true)
  })

  it.each(['nonsense', '', '2026-13-01', '2027-02-29', '2026-1-5', '27/11/2026'])(
    '%j is not a date: it is written as it is',
    (text) => {
      expect(shortDate(text)).toBe(text)
      expect(longDate(text)).toBe(text)
      expect(isCalendarDate(text)).toBe(false)
    },
  )
})

describe('amounts of rupees (J20)', () => {
  it.each([
    [1450000, '14,50,000.00'],
    [31200, '31,200.00'],
    [14500, '14,500.00'],
    [0, '0.00'],
    [100, '100.00'],
    [12345678.5, '1,23,45,678.50'],
    [1234567.5, '12,34,567.50'],
    [145000, '1,45,000.00'],
  ])('%d → %s, ₹%s', (amount, text) => {
    expect(amountText(amount)).toBe(text)
    expect(rupees(amount)).toBe(`₹${text}`)
  })

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %d, which is not an amount', (n) => {
    expect(() => amountText(n)).toThrow(RangeError)
    expect(() => rupees(n)).toThrow(RangeError)
  })

  it.each([
    [45000, '45,000'],
    [1450000, '14,50,000'],
    [14500.5, '14,500.5'],
    [14500.256, '14,500.26'],
    ['25000', '25,000'],
    ['', ''],
    ['  ', ''],
    ['abc', ''],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('as a letter writes it: %j → %j', (value, text) => expect(letterAmount(value)).toBe(text))
})
