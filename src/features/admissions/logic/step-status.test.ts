import { describe, expect, it } from 'vitest'
import type { StepState } from '@sync/rules/admissions/steps'
import { inquiry } from './step-fixtures'
import {
  mailStatusText,
  stepStatusLines,
  stepsUnsettled,
  stepTime,
  takenSteps,
} from './step-status'

describe('the steps taken and where their e-mails stand', () => {
  const data = inquiry({
    steps: [
      { id: 's1', kind: 'meeting', at: '2026-11-20T10:00:00.000Z', by: 'Meera' },
      { id: 's2', kind: 'trial', at: '2026-11-25T09:30:00.000Z', by: 'Anita', trial: { child: 1 } },
      {
        id: 's3',
        kind: 'admission',
        at: '2026-11-25T09:30:00.000Z',
        by: 'Anita',
        admission: { child: 0 },
      },
      { id: 'bad', kind: 'party', at: '2026-11-26T09:30:00.000Z' },
    ],
  })

  it('lists them newest first, with when, by whom and for which child', () => {
    expect(takenSteps(data)).toEqual([
      {
        id: 's3',
        kind: 'admission',
        label: 'Admission',
        at: '2026-11-25T09:30:00.000Z',
        when: '25 Nov 2026, 3:00 pm',
        by: 'Anita',
        childName: 'Asha Rao',
      },
      {
        id: 's2',
        kind: 'trial',
        label: 'Trial',
        at: '2026-11-25T09:30:00.000Z',
        when: '25 Nov 2026, 3:00 pm',
        by: 'Anita',
        childName: 'Kiran Rao',
      },
      {
        id: 's1',
        kind: 'meeting',
        label: 'Meeting',
        at: '2026-11-20T10:00:00.000Z',
        when: '20 Nov 2026, 3:30 pm',
        by: 'Meera',
        childName: null,
      },
    ])
    expect(takenSteps(inquiry())).toEqual([])
    expect(stepTime('not a time')).toBe('not a time')
  })

  const mail = (over: Partial<StepState['mails'][number]>): StepState['mails'][number] => ({
    id: 'm',
    recipients: ['priya@example.com'],
    status: 'sent',
    attempts: 1,
    last_error: null,
    sent_at: '2026-11-20T10:01:00Z',
    ...over,
  })
  const state = (mails: StepState['mails']): StepState => ({
    id: 's2',
    kind: 'trial',
    created_at: '2026-11-25T09:31:00Z',
    outcome: {},
    mails,
  })

  it('says each e-mail’s status, and waits for sync when the server has not got the step', () => {
    expect(mailStatusText({ status: 'queued', last_error: null })).toBe('Queued')
    expect(mailStatusText({ status: 'sending', last_error: null })).toBe('Sending')
    expect(mailStatusText({ status: 'failed', last_error: '550 No such user' })).toBe(
      'Failed: 550 No such user',
    )
    expect(stepStatusLines(undefined, true)).toEqual([
      { to: null, text: 'Waiting to sync', tone: 'pending' },
    ])
    expect(stepStatusLines(undefined, false)).toEqual([
      { to: null, text: 'Waiting to sync', tone: 'pending' },
    ])
    expect(stepStatusLines(state([mail({})]), true)).toEqual([
      { to: null, text: 'Sent', tone: 'done' },
    ])
    expect(
      stepStatusLines(
        state([
          mail({ status: 'failed', last_error: 'Mailbox full' }),
          mail({ recipients: ['anita@centre.in', 'ravi@centre.in'], status: 'queued' }),
        ]),
        true,
      ),
    ).toEqual([
      { to: 'priya@example.com', text: 'Failed: Mailbox full', tone: 'failed' },
      { to: 'anita@centre.in, ravi@centre.in', text: 'Queued', tone: 'pending' },
    ])
  })

  it('marks what was read before going offline as last known, unless it was sent', () => {
    expect(stepStatusLines(state([mail({ status: 'queued' })]), false)).toEqual([
      { to: null, text: 'Queued (last known)', tone: 'pending' },
    ])
    expect(stepStatusLines(state([mail({})]), false)).toEqual([
      { to: null, text: 'Sent', tone: 'done' },
    ])
  })

  it('keeps asking while a step is not synced or an e-mail is on its way', () => {
    const taken = [{ id: 's2' }]
    expect(stepsUnsettled(taken, [])).toBe(true)
    expect(stepsUnsettled(taken, [state([mail({ status: 'sending' })])])).toBe(true)
    expect(stepsUnsettled(taken, [state([mail({}), mail({ status: 'failed' })])])).toBe(false)
    expect(stepsUnsettled([], [])).toBe(false)
  })
})
