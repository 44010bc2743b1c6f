import { describe, expect, it } from 'vitest'
import { lessonItems } from '../../contract/collections/lesson-items.ts'
import { absenceId } from './absence-id.ts'
import { parseRow } from '../../contract/schema.ts'
import {
  ABSENCE_REPORT_MESSAGES as M,
  absenceReportSchema,
  reportedAbsence,
} from './absence-report.ts'

const today = '2026-11-25' // a Wednesday
const schema = absenceReportSchema(today)
const firstError = (input: object) => {
  const result = schema.safeParse({ studentId: 'st-ira', date: '2026-11-27', reason: '', ...input })
  return result.success ? null : result.error.issues[0]!.message
}

describe("a family's absence report", () => {
  it.each([
    [{}, null],
    [{ date: today }, null],
    [{ studentId: '' }, M.child],
    [{ date: '' }, M.date],
    [{ date: '2026-02-30' }, M.date],
    [{ date: '2026-11-24' }, M.past],
    [{ date: '2026-11-28' }, M.weekend],
    [{ date: '2027-12-01' }, M.farAhead],
    [{ reason: 'x'.repeat(501) }, 'Keep the reason under 500 characters'],
  ])('%j → %s', (input, message) => {
    expect(firstError(input)).toBe(message)
  })

  it('makes a whole-day record reported by the family, accepted by the collection', () => {
    const row = reportedAbsence(
      { studentId: 'st-ira', date: '2026-11-27', reason: ' Family trip ' },
      'rg-jaul',
      '2026_48',
      '2026-11-25T08:00:00.000Z',
    )
    expect(parseRow(lessonItems, row)).toMatchObject({
      id: absenceId('st-ira', '2026-11-27', null),
      kind: 'absence',
      lesson_id: null,
      facilitator_id: null,
      student_id: 'st-ira',
      data: { date: '2026-11-27', reportedBy: 'family', reason: 'Family trip' },
    })
  })
})

describe('absence ids', () => {
  it('are the same on every device and differ per child, day and lesson', () => {
    const long = '0192f3a4-5b6c-7d8e-9f00-112233445566'
    const ids = [
      absenceId(long, '2026-11-27', null),
      absenceId(long, '2026-11-27', `2026_48:${long}`),
      absenceId(long, '2026-11-26', null),
      absenceId('st-ira', '2026-11-27', null),
    ]
    expect(new Set(ids).size).toBe(4)
    expect(absenceId(long, '2026-11-27', null)).toBe(ids[0])
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(64)
  })
})
