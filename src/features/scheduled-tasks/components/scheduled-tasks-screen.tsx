import '@mantine/core/styles/Paper.css'
import { useState } from 'react'
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { centreFormat } from '@/lib/time/centre-format'
import { runScheduledTask, useScheduledTasks } from '../hooks/use-scheduled-tasks'
import { lastRunText, scheduleText, type ScheduledTask } from '../logic/scheduled-tasks'

const RESULT = {
  success: { label: 'Succeeded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
} as const

function TaskCard({
  task,
  running,
  onRun,
}: {
  task: ScheduledTask
  running: boolean
  onRun(): void
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
          />
        ))}
      </Stack>
    </Stack>
  )
}
