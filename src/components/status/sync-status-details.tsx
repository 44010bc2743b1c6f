import '@mantine/core/styles/Popover.css'
import type { ReactElement } from 'react'
import { Button, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core'
import type { useSyncView } from '@/db/hooks'
import type { SyncNotice } from '@/db/sync-notices'
import { useKeepAsInstalment } from '@/db/keep-as-instalment'
import { lastTimeText } from '@/lib/time/clock'
import { periodAlreadyRecorded } from '@sync/rules/fees/instalment'

const when = (ms: number) => lastTimeText(ms)

/** A record as a person recognises it: its name, description or timing. */
function label(doc: Record<string, unknown> | undefined, fallback: string): string {
  for (const key of ['name', 'family_name']) {
    if (typeof doc?.[key] === 'string' && doc[key]) return String(doc[key])
  }
  const data = (doc?.data ?? doc ?? {}) as Record<string, unknown>
  for (const key of ['name', 'family_name', 'description', 'timing', 'title']) {
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

/** A field of a family, student or inquiry that both sides changed (sync/rules/merge). */
interface FieldLoss {
  field: string
  mine: string
  kept: string
}

const isFieldLoss = (details: unknown[]): details is FieldLoss[] =>
  details.every((d) => typeof (d as FieldLoss).field === 'string')

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

/** A fee refused because its period is paid already, which the person may keep as an instalment. */
const twice = (notice: SyncNotice) =>
  notice.kind === 'refused' &&
  notice.collection === 'payments' &&
  !!notice.mine &&
  periodAlreadyRecorded(notice.reason)

function Notice({
  notice,
  onDismiss,
  onKeepBoth,
}: {
  notice: SyncNotice
  onDismiss: () => void
  onKeepBoth: () => void
}) {
  const what = notice.collection.replace(/_/g, ' ')
  return (
    <Stack gap={2} data-testid="sync-notice">
      {notice.kind === 'refused' ? (
        <Text size="sm">
          <b>Not saved</b> ({what}): {notice.reason}
        </Text>
      ) : notice.details && isFieldLoss(notice.details) ? (
        notice.details.map((d, i) => (
          <Text size="sm" key={i}>
            <b>Replaced by another change</b> ({what}, {label(notice.kept, notice.recordId)}) —{' '}
            {d.field}: your “{d.mine}” was replaced by “{d.kept}”.
          </Text>
        ))
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
      {twice(notice) ? (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {when(notice.at)}
          </Text>
          <Group gap={4}>
            <Button size="compact-xs" variant="light" onClick={onKeepBoth}>
              Keep both as two instalments
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={onDismiss}>
              Drop mine
            </Button>
          </Group>
        </Group>
      ) : (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {when(notice.at)}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={onDismiss}>
            Dismiss
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/**
 * The sync indicator's details, opened: changes kept on the device, the last sync, and what the
 * server refused or replaced. Loaded the first time a person opens them.
 */
export default function SyncStatusDetails({
  view,
  target,
}: {
  view: ReturnType<typeof useSyncView>
  target: ReactElement
}) {
  const problems = view.notices.length
  const keepAsInstalment = useKeepAsInstalment()
  return (
    <Popover width={320} position="bottom-end" shadow="md" defaultOpened>
      <Popover.Target>{target}</Popover.Target>
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
                    <Notice
                      key={n.id}
                      notice={n}
                      onDismiss={() => view.dismiss(n.id)}
                      onKeepBoth={() => void keepAsInstalment(n.id)}
                    />
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
