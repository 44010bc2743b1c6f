// The steps taken on an inquiry, newest first, and where their e-mails stand by the server's
// record of each step (`inquiry_steps`).
import {
  CENTRE_TIME_ZONE,
  STEP_KINDS,
  STEP_LABELS,
  type StepKind,
  type StepState,
} from '@sync/rules/admissions/steps'
import { childrenOf, nameOf, text } from './step-data'

type Data = Record<string, unknown>

export interface TakenStep {
  id: string
  kind: StepKind
  label: string
  at: string
  /** When, in the centre's time zone: '27 Nov 2026, 3:30 pm'. */
  when: string
  by: string
  childName: string | null
}

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: CENTRE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** A moment as the steps list shows it, in the centre's time zone. */
export function stepTime(at: string): string {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? at : timeFormat.format(date)
}

const isKind = (value: unknown): value is StepKind =>
  (STEP_KINDS as readonly unknown[]).includes(value)

/** The child a step record names, if any. */
function childOfStep(step: Record<string, unknown>): number | undefined {
  for (const value of [
    step.child,
    (step.trial as Data | undefined)?.child,
    (step.admission as Data | undefined)?.child,
  ])
    if (typeof value === 'number') return value
  return undefined
}

/** The inquiry's steps (`data.steps`), newest first. */
export function takenSteps(data: Data): TakenStep[] {
  const steps = Array.isArray(data.steps) ? (data.steps as unknown[]) : []
  const children = childrenOf(data)
  return steps
    .flatMap((s, order) => {
      if (!s || typeof s !== 'object') return []
      const step = s as Record<string, unknown>
      if (!isKind(step.kind) || typeof step.id !== 'string') return []
      const child = childOfStep(step)
      return [
        {
          order,
          id: step.id,
          kind: step.kind,
          label: STEP_LABELS[step.kind],
          at: text(step.at),
          when: stepTime(text(step.at)),
          by: text(step.by),
          childName: child === undefined ? null : nameOf(children[child]) || null,
        },
      ]
    })
    .sort((a, b) => (a.at === b.at ? b.order - a.order : a.at < b.at ? 1 : -1))
    .map(({ order: _order, ...step }) => step)
}

export const WAITING_TO_SYNC = 'Waiting to sync'

type StepMailState = StepState['mails'][number]

/** Where one e-mail stands: 'Sent', 'Queued', 'Sending', 'Failed: <the server's reason>'. */
export function mailStatusText(mail: Pick<StepMailState, 'status' | 'last_error'>): string {
  switch (mail.status) {
    case 'sent':
      return 'Sent'
    case 'queued':
      return 'Queued'
    case 'sending':
      return 'Sending'
    case 'failed':
      return `Failed: ${mail.last_error?.trim() || 'no reason was given'}`
  }
}

export interface StatusLine {
  /** Whom the e-mail goes to, when the step sends several (the trial's facilitator notice). */
  to: string | null
  text: string
  tone: 'done' | 'pending' | 'failed'
}

const toneOf = (status: StepMailState['status']): StatusLine['tone'] =>
  status === 'sent' ? 'done' : status === 'failed' ? 'failed' : 'pending'

/**
 * What a step's status says: 'Waiting to sync' until the server has the step (offline, or not
 * pushed yet), then each e-mail's status. Read while offline or from a failed call, an e-mail
 * that was not sent yet is marked '(last known)': it may have moved on since.
 */
export function stepStatusLines(state: StepState | undefined, fresh: boolean): StatusLine[] {
  if (!state) return [{ to: null, text: WAITING_TO_SYNC, tone: 'pending' }]
  const line = (mail: StepMailState, to: string | null): StatusLine => ({
    to,
    text:
      mail.status === 'sent' || fresh
        ? mailStatusText(mail)
        : `${mailStatusText(mail)} (last known)`,
    tone: toneOf(mail.status),
  })
  if (state.mails.length === 0) return [{ to: null, text: 'Done', tone: 'done' }]
  if (state.mails.length === 1) return [line(state.mails[0]!, null)]
  return state.mails.map((mail) => line(mail, mail.recipients.join(', ')))
}

/** Whether a step's e-mails may still change: not synced yet, queued or being sent. */
export function stepsUnsettled(
  taken: readonly Pick<TakenStep, 'id'>[],
  states: readonly StepState[],
): boolean {
  return taken.some((t) => {
    const state = states.find((s) => s.id === t.id)
    return !state || state.mails.some((m) => m.status === 'queued' || m.status === 'sending')
  })
}
