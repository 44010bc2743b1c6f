import { describe, expect, it } from 'vitest'
import { timetableEdits } from './timetables.ts'

const week = (group: string, weekKey: string) => ({
  id: `w-${group}-${weekKey}`,
  kind: 'week',
  group_id: group,
  week_key: weekKey,
  data: {},
})
const log = (group: string, weekKey: string, changes: number) => ({
  id: `l-${group}-${weekKey}-${changes}`,
  kind: 'change_log',
  group_id: group,
  week_key: weekKey,
  data: { changes: Array.from({ length: changes }, (_, i) => ({ sessionId: `s${i}` })) },
})

describe('timetableEdits: what the header counts as not synced', () => {
  it.each([
    ['nothing', [], 0],
    // Two topic edits on two days: the week and two change logs are three rows, two edits.
    [
      'two topic edits on two days',
      [week('g', '2026_47'), log('g', '2026_47', 1), log('g', '2026_47', 1)],
      2,
    ],
    ['three topic edits saved on one day', [week('g', '2026_47'), log('g', '2026_47', 3)], 3],
    ['a lesson edit (no change log)', [week('g', '2026_47')], 1],
    ['a week made for two groups', [week('g', '2026_47'), week('h', '2026_47')], 2],
    [
      'topic edits in one group, a lesson edit in another',
      [week('g', '2026_47'), log('g', '2026_47', 2), week('h', '2026_47')],
      3,
    ],
    ['a template changed', [{ id: 't', kind: 'group_template', group_id: 'g', week_key: null }], 1],
  ] as const)('%s → %i', (_, rows, edits) => {
    expect(timetableEdits(rows as unknown as Record<string, unknown>[])).toBe(edits)
  })
})
