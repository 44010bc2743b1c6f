import { describe, expect, it } from 'vitest'
import { badgeText, destinationOf, newestFirst, type NotificationItem } from './logic'

const item = (
  id: string,
  date: string,
  more: Partial<NotificationItem> = {},
): NotificationItem => ({
  id,
  date,
  status: 'active',
  isNew: true,
  action: 'receipt',
  actionItem: '/parents/dash?pane=payments',
  title: id,
  ...more,
})

describe('the notification bell and list', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [42, '9+'],
  ])('with %i new ones the badge reads %j (P07)', (n, text) => {
    expect(badgeText(n)).toBe(text)
  })

  it('lists the newest first (P02)', () => {
    const list = newestFirst([
      item('b', '2026-11-27T10:00:00.000Z'),
      item('c', '2026-11-28T09:00:00.000Z'),
      item('a', '2026-11-01T08:00:00.000Z'),
    ])
    expect(list.map((i) => i.id)).toEqual(['c', 'b', 'a'])
  })

  it('opens a calendar event in a new tab and the app’s own addresses in this one (P06)', () => {
    expect(
      destinationOf({ action: 'calendar_event', actionItem: 'https://calendar.example/e/1' }),
    ).toEqual({ tab: 'new', href: 'https://calendar.example/e/1' })
    expect(destinationOf({ action: 'receipt', actionItem: '/parents/dash?pane=payments' })).toEqual(
      { tab: 'same', href: '/parents/dash?pane=payments' },
    )
    expect(destinationOf({ action: 'receipt', actionItem: '' })).toBeNull()
    // Nothing leads off the app but a calendar event's own link.
    expect(destinationOf({ action: 'receipt', actionItem: 'https://evil.example' })).toBeNull()
    expect(destinationOf({ action: 'receipt', actionItem: '//evil.example/x' })).toBeNull()
    expect(
      destinationOf({ action: 'calendar_event', actionItem: 'javascript:alert(1)' }),
    ).toBeNull()
  })
})
