import { lazy, Suspense, useState } from 'react'
import { Badge, Group, Text, UnstyledButton } from '@mantine/core'
import { useMediaQuery, useNetwork } from '@mantine/hooks'
import { useSyncView } from '@/db/hooks'
import { usePreventRefresh } from '@/lib/app-status/hooks'
import { isSlowConnection } from '@/lib/app-status/network'
import { NARROW_QUERY } from '@/lib/navigation/model'
import { clockTime } from '@/lib/time/clock'

// The details (a popover and what it lists) load when first opened, not with every dashboard.
const loadDetails = () => import('./sync-status-details')
const SyncStatusDetails = lazy(loadDetails)

/**
 * The indicator's words: in full, and shorter for a phone's narrow header, where the full words
 * would push the dashboard's title out.
 */
export function syncStatusText(
  pending: number,
  problems: number,
  synced: boolean,
): { full: string; short: string } {
  if (pending > 0) {
    const full = `${pending} ${pending === 1 ? 'change' : 'changes'} not synced`
    return { full, short: `${pending} not synced` }
  }
  if (problems > 0) {
    const full = `${problems} ${problems === 1 ? 'change needs' : 'changes need'} attention`
    return { full, short: `${problems} ${problems === 1 ? 'needs' : 'need'} attention` }
  }
  const text = synced ? 'Synced' : 'Syncing…'
  return { full: text, short: text }
}

/** Header indicator: changes not synced, last sync, and what the server refused. */
export function SyncStatus() {
  const view = useSyncView()
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  const [opened, setOpened] = useState(false)
  // Lite mode: on 2g the last sync time is always in the header, so a parent knows how fresh
  // what they read is.
  const lite = isSlowConnection(useNetwork())
  // Mantine's lg breakpoint, where the time of the last sync shows beside the badge.
  const wide = useMediaQuery('(min-width: 75em)') ?? false
  usePreventRefresh('unsynced-changes', view.pending > 0)
  const problems = view.notices.length
  const never = view.lastSyncedAt === null
  const color = problems > 0 ? 'red' : view.pending > 0 ? 'orange' : never ? 'gray' : 'green'
  const { full: text, short } = syncStatusText(view.pending, problems, !never)
  const shown = narrow ? short : text
  const inlineTime =
    view.lastSyncedAt && (wide || lite)
      ? `${lite ? 'synced ' : ''}${clockTime(view.lastSyncedAt)}`
      : null
  const target = (
    // The name holds what is shown (WCAG 2.5.3), and on a phone the full words too.
    <UnstyledButton
      aria-label={`Sync status: ${[shown, narrow && short !== text ? `(${text})` : null, inlineTime].filter(Boolean).join(' ')}`}
      autoFocus={opened}
      onPointerEnter={() => void loadDetails()}
      onFocus={() => void loadDetails()}
      onClick={() => setOpened(true)}
    >
      <Group gap={6} wrap="nowrap">
        <Badge color={color} variant="light" data-testid="sync-status">
          {shown}
        </Badge>
        {view.lastSyncedAt && (
          <Text
            size="xs"
            c="dimmed"
            visibleFrom={lite ? undefined : 'lg'}
            data-testid="last-synced-inline"
          >
            {lite ? `synced ${clockTime(view.lastSyncedAt)}` : clockTime(view.lastSyncedAt)}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  )
  if (!opened) return target
  return (
    <Suspense fallback={target}>
      <SyncStatusDetails view={view} target={target} />
    </Suspense>
  )
}
