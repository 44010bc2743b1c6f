import { describe, expect, it } from 'vitest'
import { durationText, lastRunText, scheduleText, type ScheduledTask } from './scheduled-tasks'

const task = (over: Partial<ScheduledTask>): ScheduledTask => ({
  name: 'prune',
  label: 'Prune',
  description: 'x',
  everyMinutes: null,
  dailyAt: '03:30',
  nextRunAt: '2026-11-28T22:00:00Z',
  lastStartedAt: null,
  lastDurationMs: null,
  lastResult: null,
  lastMessage: null,
  lastRunBy: null,
  runs: 0,
  keepDays: null,
  ...over,
})

describe('scheduled tasks as the admin reads them', () => {
  it.each([
    [{ everyMinutes: 1, dailyAt: null }, 'Every minute'],
    [{ everyMinutes: 15, dailyAt: null }, 'Every 15 minutes'],
    [{ everyMinutes: null, dailyAt: '03:30' }, 'Daily at 03:30'],
  ])('schedule %o reads %s', (schedule, text) => {
    expect(scheduleText(schedule)).toBe(text)
  })

  it.each([
    [0, '0 ms'],
    [999, '999 ms'],
    [4200, '4.2 s'],
    [125_000, '2 min 5 s'],
  ])('%i ms reads %s', (ms, text) => {
    expect(durationText(ms)).toBe(text)
  })

  it('the last run says when in the centre’s time, how long, and who ran it', () => {
    expect(lastRunText(task({}))).toBe('Not run yet')
    expect(
      lastRunText(task({ lastStartedAt: '2026-11-28T04:45:00Z', lastDurationMs: 12, runs: 1 })),
    ).toBe('28 Nov 2026 10:15 · 12 ms · on schedule')
    expect(
      lastRunText(
        task({ lastStartedAt: '2026-11-28T04:45:00Z', lastDurationMs: 1500, lastRunBy: 'Asha' }),
      ),
    ).toBe('28 Nov 2026 10:15 · 1.5 s · run by Asha')
  })
})
