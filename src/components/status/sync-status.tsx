import '@mantine/core/styles/Popover.css'
import {
  Badge,
  Button,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { format, isToday } from 'date-fns'
import { useSyncView } from '../../db/hooks'
import type { SyncNotice } from '../../db/sync-notices'
import { usePreventRefresh } from '../../lib/app-status/hooks'
import { NARROW_QUERY } from '../../lib/navigation/model'

function when(ms: number): string {
  return isToday(ms) ? `today ${format(ms, 'HH:mm')}` : format(ms, 'd MMM yyyy HH:mm')
}

/** A record as a person recognises it: its name, description or timing. */
function label(doc: Record<string, unknown> | undefined, fallback: string): string {
  const data = (doc?.data ?? doc ?? {}) as Record<string, unknown>
  for (const key of ['name', 'description', 'timing', 'title']) {
    if (typeof data[key] === 'string' && data[key]) return String(data[key])
  }
  return fallback
}

interface LessonLoss {
  groupName?: string
  day?: string
  weekKey?: string
  mine?: { topic: string | null } | null
  kept?: { topic: string | null } | null
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** "Tanni, Wednesday (week 48): your topic “Seeds” was replaced by “Plants”." */
function lessonLossText(d: LessonLoss): string {
  const where = `${d.groupName ?? 'A group'}, ${capital(d.day ?? '')} (week ${Number((d.weekKey ?? '').slice(5)) || '?'})`
  const mine = d.mine?.topic ? `“${d.mine.topic}”` : 'no topic'
  const kept = d.kept
    ? d.kept.topic
      ? `“${d.kept.topic}”`
      : 'no topic'
    : 'the lesson being removed'
  return `${where}: your topic ${mine} was replaced by ${kept}.`
}

function Notice({ notice, onDismiss }: { notice: SyncNotice; onDismiss: () => void }) {
  const what = notice.collection.replace(/_/g, ' ')
  return (
    <Stack gap={2} data-testid="sync-notice">
      {notice.kind === 'refused' ? (
        <Text size="sm">
          <b>Not saved</b> ({what}): {notice.reason}
        </Text>
      ) : notice.details ? (
        (notice.details as LessonLoss[]).map((d, i) => (
          <Text size="sm" key={i}>
            <b>Replaced by another facilitator's change</b> — {lessonLossText(d)}
          </Text>
        ))
      ) : (
        <Text size="sm">
          <b>Replaced by a newer change</b> ({what}): your “{label(notice.mine, notice.recordId)}”
          was replaced by “{label(notice.kept, notice.recordId)}”.
        </Text>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {when(notice.at)}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onDismiss}>
          Dismiss
        </Button>
      </Group>
    </Stack>
  )
}

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
  // Mantine's lg breakpoint, where the time of the last sync shows beside the badge.
  const wide = useMediaQuery('(min-width: 75em)') ?? false
  usePreventRefresh('unsynced-changes', view.pending > 0)
  const problems = view.notices.length
  const never = view.lastSyncedAt === null
  const color = problems > 0 ? 'red' : view.pending > 0 ? 'orange' : never ? 'gray' : 'green'
  const { full: text, short } = syncStatusText(view.pending, problems, !never)
  const shown = narrow ? short : text
  const inlineTime = wide && view.lastSyncedAt ? format(view.lastSyncedAt, 'HH:mm') : null
  return (
    <Popover width={320} position="bottom-end" shadow="md">
      <Popover.Target>
        {/* The name holds what is shown (WCAG 2.5.3), and on a phone the full words too. */}
        <UnstyledButton
          aria-label={`Sync status: ${[shown, narrow && short !== text ? `(${text})` : null, inlineTime].filter(Boolean).join(' ')}`}
        >
          <Group gap={6} wrap="nowrap">
            <Badge color={color} variant="light" data-testid="sync-status">
              {shown}
            </Badge>
            {view.lastSyncedAt && (
              <Text size="xs" c="dimmed" visibleFrom="lg" data-testid="last-synced-inline">
                {format(view.lastSyncedAt, 'HH:mm')}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" data-testid="pending-count">
            {view.pending === 0
              ? 'Every change on this device is synced.'
              : `${view.pending} ${view.pending === 1 ? 'change is' : 'changes are'} kept on this device until the connection returns.`}
          </Text>
          <Text size="sm" c="dimmed" data-testid="last-synced">
            {view.lastSyncedAt ? `Last synced ${when(view.lastSyncedAt)}` : 'Not synced yet'}
          </Text>
          {view.error && (
            <Text size="sm" c="red">
              {view.error}
            </Text>
          )}
          {problems > 0 && (
            <>
              <ScrollArea.Autosize mah={280}>
                <Stack gap="sm">
                  {view.notices.map((n) => (
                    <Notice key={n.id} notice={n} onDismiss={() => view.dismiss(n.id)} />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
              <Button size="xs" variant="default" onClick={view.dismissAll}>
                Dismiss all
              </Button>
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
