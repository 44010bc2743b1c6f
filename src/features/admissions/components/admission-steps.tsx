import { lazy, Suspense, useEffect, useMemo, useRef } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { STEP_KINDS, type StepKind } from '@sync/rules/admissions/steps'
import type { InquiryRow } from '@sync/engine/database'
import { useStepStates } from '../hooks/use-admission-steps'
import { STEP_ACTIONS } from '../logic/step-actions'
import { stepStatusLines, takenSteps, type StatusLine, type TakenStep } from '../logic/step-status'

// The dialogs load when one is opened: the pane's first load stays within its budget.
const StepDialog = lazy(() => import('./step-dialog').then((m) => ({ default: m.StepDialog })))

const TONE_COLOURS: Record<StatusLine['tone'], string> = {
  done: 'green.8',
  pending: 'dimmed',
  failed: 'red.8',
}

function StepItem({ step, lines }: { step: TakenStep; lines: StatusLine[] }) {
  return (
    <Paper withBorder radius="sm" p="xs" role="listitem" data-testid="admission-step">
      <Text size="sm" fw={600}>
        {step.label}
        {step.childName ? ` · ${step.childName}` : ''}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {step.when}
        {step.by ? ` · ${step.by}` : ''}
      </Text>
      {lines.map((line, i) => (
        <Text
          key={i}
          size="sm"
          c={TONE_COLOURS[line.tone]}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="admission-step-status"
        >
          {line.to ? `${line.to}: ` : ''}
          {line.text}
        </Text>
      ))}
    </Paper>
  )
}

/**
 * The admission steps of a family's inquiry (H21–H42): a button for each step, and the steps
 * taken, newest first, with where their e-mails stand on the server ('Waiting to sync' until
 * the server has the step: offline, or not pushed yet).
 */
export function AdmissionSteps({
  row,
  onTake,
  focus = null,
}: {
  row: InquiryRow
  onTake(kind: StepKind): void
  /** The step whose button takes the focus when the section appears (back from its dialog). */
  focus?: StepKind | null
}) {
  const buttons = useRef(new Map<StepKind, HTMLButtonElement>())
  useEffect(() => {
    if (focus) buttons.current.get(focus)?.focus()
  }, [focus])
  const taken = useMemo(() => takenSteps(row.data as Record<string, unknown>), [row.data])
  const ids = useMemo(() => taken.map((t) => t.id), [taken])
  const { states, fresh } = useStepStates(row.id, ids, `${row.updated_at ?? ''}|${ids.length}`)
  return (
    <Stack gap="xs" data-testid="admission-steps">
      <Title order={3} size="h5">
        Admission steps
      </Title>
      <Group gap="xs" wrap="wrap">
        {STEP_KINDS.map((kind) => (
          <Button
            key={kind}
            size="xs"
            variant="light"
            onClick={() => onTake(kind)}
            ref={(el) => {
              if (el) buttons.current.set(kind, el)
              else buttons.current.delete(kind)
            }}
          >
            {STEP_ACTIONS[kind]}
          </Button>
        ))}
      </Group>
      {taken.length === 0 ? (
        <Text size="sm" c="dimmed">
          No steps taken yet.
        </Text>
      ) : (
        <Stack gap={6} role="list" aria-label="Steps taken">
          {taken.map((step) => (
            <StepItem
              key={step.id}
              step={step}
              lines={stepStatusLines(
                states.find((s) => s.id === step.id),
                fresh,
              )}
            />
          ))}
        </Stack>
      )}
    </Stack>
  )
}

/** A step's dialog in place of the inquiry's detail, loaded when it is first opened. */
export function TakeStep({
  row,
  kind,
  onDone,
}: {
  row: InquiryRow
  kind: StepKind
  onDone(): void
}) {
  return (
    <Suspense fallback={<Text c="dimmed">Opening the step…</Text>}>
      <StepDialog row={row} kind={kind} onDone={onDone} />
    </Suspense>
  )
}
