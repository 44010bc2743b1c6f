import { describe, expect, it } from 'vitest'
import { escapeHtml, isCalendarDate, longDate, shortDate } from './text.ts'

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
