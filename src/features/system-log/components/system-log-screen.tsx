import '@mantine/core/styles/Switch.css'
import '@mantine/core/styles/Paper.css'
import { useState } from 'react'
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core'
import { centreFormat } from '@/lib/time/centre-format'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { Pager } from '@/components/lists/pager'
import { notifyResult } from '@/components/feedback/notify-result'
import { dismissLog, useSystemLog } from '../hooks/use-system-log'
import { detailLines, LOG_SCREENS, type LogEntry, type LogKind } from '../logic/system-log'

function EntryCard({ entry, onDismiss }: { entry: LogEntry; onDismiss(): void }) {
  const details = detailLines(entry.details)
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="log-entry">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="light" color="gray">
              {entry.source}
            </Badge>
            <Text size="xs" c="dimmed">
              {centreFormat(entry.logged_at, 'd MMM yyyy HH:mm')}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.message}
          </Text>
          {details.length > 0 && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {details.join(' · ')}
            </Text>
          )}
        </Stack>
        {entry.dismissed_at ? (
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            Dismissed {centreFormat(entry.dismissed_at, 'd MMM HH:mm')}
          </Text>
        ) : (
          <Button size="compact-sm" variant="default" onClick={onDismiss} style={{ flexShrink: 0 }}>
            Dismiss
          </Button>
        )}
      </Group>
    </Paper>
  )
}

/** The admin's System Errors or Warnings pane: newest first, dismiss one or all (F30, F31). */
export function SystemLogScreen({ kind }: { kind: LogKind }) {
  const screen = LOG_SCREENS[kind]
  const [showDismissed, setShowDismissed] = useState(false)
  const [offset, setOffset] = useState(0)
  const [confirmAll, setConfirmAll] = useState(false)
  const { page, error, reload } = useSystemLog(kind, showDismissed, offset)
  const rows = page?.rows ?? []
  const open = rows.filter((r) => !r.dismissed_at).length

  const dismiss = async (entry: string | null) => {
    const result = await dismissLog(kind, entry)
    setConfirmAll(false)
    if (!notifyResult(result)) return
    if (entry === null) setOffset(0)
    reload()
  }

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          {screen.title}
        </Title>
        <Text size="sm" c="dimmed">
          {screen.intro}
        </Text>
      </div>
      <Group justify="space-between">
        <Switch
          label="Show dismissed"
          checked={showDismissed}
          onChange={(e) => (setShowDismissed(e.currentTarget.checked), setOffset(0))}
        />
        <Button
          variant="light"
          color="red"
          size="xs"
          disabled={!page || open === 0}
          onClick={() => setConfirmAll(true)}
        >
          Dismiss all
        </Button>
      </Group>
      {error && <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>}
      {page && rows.length === 0 && (
        <Text c="dimmed" data-testid="log-empty">
          {showDismissed ? `No ${screen.many} recorded.` : screen.empty}
        </Text>
      )}
      <Stack gap="xs">
        {rows.map((entry) => (
          <EntryCard key={entry.id} entry={entry} onDismiss={() => void dismiss(entry.id)} />
        ))}
      </Stack>
      <Pager
        offset={offset}
        shown={rows.length}
        total={page?.total ?? null}
        size={page?.pageSize ?? 15}
        onOffset={setOffset}
      />
      <ConfirmDialog
        opened={confirmAll}
        title={`Dismiss all ${screen.many}?`}
        message={`Every open entry is marked as handled. They stay visible with "Show dismissed".`}
        action="Dismiss all"
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => dismiss(null)}
      />
    </Stack>
  )
}
