import '@mantine/core/styles/Progress.css'
import { useRef, useState } from 'react'
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useCurriculum, type CurriculumStatus } from '../hooks/use-admission-steps'
import { MAX_CURRICULUM_MB } from '../logic/step-options'
import { stepTime } from '../logic/step-status'

function statusText(status: CurriculumStatus): string {
  switch (status.state) {
    case 'offline':
      return 'You are offline: the curriculum kept on the server is attached when the e-mail goes.'
    case 'checking':
      return 'Checking the curriculum on the server…'
    case 'missing':
      return 'No curriculum is on the server yet: a trial e-mail waits in the queue until it is uploaded.'
    case 'stored':
      return status.updatedAt
        ? `The curriculum on the server (uploaded ${stepTime(status.updatedAt)}) is attached.`
        : 'The curriculum on the server is attached.'
    case 'unknown':
      return `The curriculum could not be checked: ${status.message}`
  }
}

/**
 * The curriculum every trial e-mail attaches (H30): whether the server has it, and an upload
 * that replaces it (PDF, at most 10 MB). Uploading needs a connection; the e-mail does not.
 */
export function StepCurriculum() {
  const { status, upload } = useCurriculum()
  const [progress, setProgress] = useState<number | null | undefined>(undefined)
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const uploading = progress !== undefined
  const send = async (file: File) => {
    setProblem(null)
    setProgress(0)
    try {
      await upload(file, setProgress)
      notifications.show({ color: 'green', message: 'Success! Curriculum uploaded' })
    } catch (error) {
      setProblem(`${file.name} was not uploaded: ${(error as Error).message}`)
    } finally {
      setProgress(undefined)
    }
  }
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="step-curriculum">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Curriculum.pdf
        </Text>
        <Text size="sm" c={status.state === 'missing' ? 'orange.8' : undefined} aria-live="polite">
          {statusText(status)}
        </Text>
        {status.state !== 'offline' && (
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => input.current?.click()}
              disabled={uploading || status.state === 'checking'}
            >
              {status.state === 'missing' ? 'Upload the curriculum' : 'Replace the curriculum'}
            </Button>
            <Text size="xs" c="dimmed">
              PDF, up to {MAX_CURRICULUM_MB} MB.
            </Text>
          </Group>
        )}
        <input
          ref={input}
          type="file"
          accept="application/pdf"
          hidden
          aria-label="Curriculum PDF"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0]
            e.currentTarget.value = ''
            if (file) void send(file)
          }}
        />
        {uploading && (
          <Stack gap={4}>
            <Text size="sm">
              Uploading the curriculum…{progress === null ? '' : ` ${Math.round(progress * 100)}%`}
            </Text>
            <Progress
              value={progress === null ? 100 : progress * 100}
              striped={progress === null}
              animated={progress === null}
              aria-label="Uploading the curriculum"
            />
          </Stack>
        )}
        {problem && (
          <Alert color="red" withCloseButton onClose={() => setProblem(null)} role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  )
}
