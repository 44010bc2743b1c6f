import type { NotificationItem } from '@/db/use-notifications'

export type { NotificationItem }

/** What the bell's badge reads: nothing without new ones, '9+' above nine (P07). */
export function badgeText(newCount: number): string {
  if (newCount <= 0) return ''
  return newCount > 9 ? '9+' : String(newCount)
}

/** The member's notifications, newest first (P02). */
export function newestFirst(items: readonly NotificationItem[]): NotificationItem[] {
  return [...items].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
}

/**
 * Where opening a notification leads: a calendar event's link in a new tab (P06), an address of
 * the app in this tab, or nowhere.
 */
export function destinationOf(
  item: Pick<NotificationItem, 'action' | 'actionItem'>,
): { tab: 'new'; href: string } | { tab: 'same'; href: string } | null {
  const link = item.actionItem.trim()
  if (!link) return null
  if (item.action === 'calendar_event' && /^https:\/\//i.test(link))
    return { tab: 'new', href: link }
  if (link.startsWith('/') && !link.startsWith('//')) return { tab: 'same', href: link }
  return null
}
