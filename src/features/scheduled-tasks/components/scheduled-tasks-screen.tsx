import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/NumberInput.css'
import { useState } from 'react'
import { Alert, Badge, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { centreFormat } from '@/lib/time/centre-format'
import { runScheduledTask, setTaskKeepDays, useScheduledTasks } from '../hooks/use-scheduled-tasks'
import { lastRunText, scheduleText, type ScheduledTask } from '../logic/scheduled-tasks'

const RESULT = {
  success: { label: 'Succeeded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
} as const

/** The backup job's setting: how many days its backups are kept (older ones are deleted). */
function KeepDays({ task, onSaved }: { task: ScheduledTask; onSaved(): void }) {
  const [days, setDays] = useState<number | string>(task.keepDays ?? 14)
  const [saving, setSaving] = useState(false)
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 3650
  const save = async () => {
    if (!valid) return
    setSaving(true)
    const answer = await setTaskKeepDays(task.name, days)
    setSaving(false)
    notifications.show({
      color: answer.ok ? 'green' : 'red',
      message: answer.ok ? answer.data.message : answer.message,
      autoClose: answer.ok ? 2000 : 3000,
    })
    if (answer.ok) onSaved()
  }
  return (
    <Group gap="xs" align="flex-end">
      <NumberInput
        size="xs"
        w={170}
        label="Keep backups for (days)"
        min={1}
        max={3650}
        allowDecimal={false}
        value={days}
        onChange={setDays}
        error={valid ? undefined : 'From 1 to 3650 days'}
      />
      <Button
        size="compact-sm"
        variant="default"
        loading={saving}
        disabled={!valid || days === task.keepDays}
        onClick={() => void save()}
      >
        Save
      </Button>
    </Group>
  )
}

function TaskCard({
  task,
  running,
  onRun,
  onSaved,
}: {
  task: ScheduledTask
  running: boolean
  onRun(): void
  onSaved(): void
}) {
  const result = task.lastResult ? RESULT[task.lastResult] : null
  const headingId = `task-${task.name}`
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      component="section"
      aria-labelledby={headingId}
      data-testid="scheduled-task"
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs">
            <Title order={2} size="h4" id={headingId}>
              {task.label}
            </Title>
            {result && (
              <Badge variant="light" color={result.color} data-testid="task-result">
                {result.label}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {task.description}
          </Text>
          <Text size="sm">
            <strong>Schedule:</strong> {scheduleText(task)}
          </Text>
          <Text size="sm" data-testid="task-last-run">
            <strong>Last run:</strong> {lastRunText(task)}
          </Text>
          {task.lastMessage && (
            <Text
              size="sm"
              c={task.lastResult === 'failed' ? 'red.8' : undefined}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="task-message"
            >
              {task.lastMessage}
            </Text>
          )}
          <Text size="sm">
            <strong>Next run:</strong> {centreFormat(task.nextRunAt, 'd MMM yyyy HH:mm')}
          </Text>
          {task.keepDays !== null && <KeepDays task={task} onSaved={onSaved} />}
        </Stack>
        <Button
          size="compact-sm"
          variant="default"
          loading={running}
          onClick={onRun}
          aria-label={`Run now: ${task.label}`}
        >
          Run now
        </Button>
      </Group>
    </Paper>
  )
}

/** The admin's Scheduled Tasks pane: each recurring job, its last and next run, and "Run now". */
export function ScheduledTasksScreen() {
  const { tasks, error, reload } = useScheduledTasks()
  const [running, setRunning] = useState<string | null>(null)

  const run = async (task: ScheduledTask) => {
    setRunning(task.name)
    const answer = await runScheduledTask(task.name)
    setRunning(null)
    if (!answer.ok) {
      notifications.show({ color: 'red', message: answer.message, autoClose: 3000 })
      return
    }
    const failed = answer.data.type !== 'success'
    notifications.show({
      color: failed ? 'red' : 'green',
      message: answer.data.message,
      autoClose: failed ? 3000 : 2000,
    })
    reload()
  }

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Scheduled Tasks
          </Title>
          <Text size="sm" c="dimmed">
            The centre’s recurring jobs, run by the server on their schedule. A failed run is also
            listed under System Errors.
          </Text>
        </div>
        <Button variant="subtle" size="xs" onClick={reload}>
          Refresh
        </Button>
      </Group>
      {error && <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>}
      {tasks && tasks.length === 0 && <Text c="dimmed">No scheduled tasks.</Text>}
      <Stack gap="xs">
        {tasks?.map((task) => (
          <TaskCard
            key={task.name}
            task={task}
            running={running === task.name}
            onRun={() => void run(task)}
            onSaved={reload}
          />
        ))}
      </Stack>
    </Stack>
  )
}
