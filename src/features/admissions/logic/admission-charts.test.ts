import { describe, expect, it } from 'vitest'
import {
  admissionFunnel,
  applicationsPerMonth,
  stagesReached,
  statusWaits,
  type ChartInquiry,
} from './admission-charts'

let n = 0
function inquiry(
  status: string,
  submitted: string,
  steps: { kind: string; at: string }[] = [],
  over: Partial<ChartInquiry> = {},
): ChartInquiry {
  const id = `i${++n}`
  return {
    id,
    kind: 'family',
    status,
    archived: false,
    submitted,
    data: { steps: steps.map((s, i) => ({ id: `${id}-s${i}`, ...s })) },
    ...over,
  }
}

const YEAR = '2026-27'
const TODAY = '2026-11-28'

describe('stagesReached', () => {
  it('dates each stage by its first step, in the centre’s day', () => {
    const r = stagesReached(
      inquiry('trial', '2026-06-30T20:00:00Z', [
        { kind: 'meeting', at: '2026-07-10T05:00:00Z' },
        { kind: 'trial', at: '2026-07-20T05:00:00Z' },
        { kind: 'meeting', at: '2026-07-05T05:00:00Z' },
      ]),
    )
    expect(Object.fromEntries(r)).toEqual({
      initialInquiry: '2026-07-01',
      meeting: '2026-07-05',
      trial: '2026-07-20',
    })
  })

  it('counts a stage passed by hand as reached on a day not known', () => {
    const r = stagesReached(inquiry('admission', '2026-07-01T05:00:00Z'))
    expect([...r.keys()]).toEqual(['initialInquiry', 'meeting', 'trial', 'admission'])
    expect(r.get('trial')).toBeNull()
  })

  it('keeps the stages reached before an inquiry went on hold', () => {
    const r = stagesReached(
      inquiry('onHold', '2026-07-01', [{ kind: 'meeting', at: '2026-07-03T05:00:00Z' }]),
    )
    expect([...r.keys()]).toEqual(['initialInquiry', 'meeting'])
  })
})

describe('admissionFunnel', () => {
  it("counts the year's family inquiries that reached each stage", () => {
    const rows = [
      inquiry('initialInquiry', '2026-06-01T05:00:00Z'),
      inquiry('meeting', '2026-07-01T05:00:00Z', [{ kind: 'meeting', at: '2026-07-02T05:00:00Z' }]),
      inquiry('enrolled', '2026-08-01T05:00:00Z'),
      inquiry('onHold', '2026-09-01T05:00:00Z', [{ kind: 'meeting', at: '2026-09-02T05:00:00Z' }]),
      inquiry('notProceeding', '2027-05-31T12:00:00Z'),
      // Not counted: another year, an archived one, a facilitator's application.
      inquiry('enrolled', '2026-05-31T12:00:00Z'),
      inquiry('enrolled', '2026-08-01T05:00:00Z', [], { archived: true }),
      inquiry('enrolled', '2026-08-01T05:00:00Z', [], { kind: 'facilitator' }),
    ]
    const f = admissionFunnel(rows, YEAR)
    expect(f.rows.map((r) => [r.label, r.count])).toEqual([
      ['Initial Inquiry', 5],
      ['Meeting', 3],
      ['Trial', 1],
      ['Admission', 1],
      ['Enrolled', 1],
    ])
    expect(f.onHold).toBe(1)
    expect(f.notProceeding).toBe(1)
  })
})

describe('statusWaits', () => {
  it('measures each wait to the next stage, or to today while still in it', () => {
    const rows = [
      inquiry('trial', '2026-11-01T05:00:00Z', [
        { kind: 'meeting', at: '2026-11-05T05:00:00Z' },
        { kind: 'trial', at: '2026-11-15T05:00:00Z' },
      ]),
      inquiry('initialInquiry', '2026-11-20T05:00:00Z'),
      inquiry('meeting', '2026-11-10T05:00:00Z', [{ kind: 'meeting', at: '2026-11-12T05:00:00Z' }]),
      inquiry('enrolled', '2026-10-01T05:00:00Z', [
        { kind: 'admission', at: '2026-10-11T05:00:00Z' },
        { kind: 'admissionPayment', at: '2026-10-12T05:00:00Z' },
        { kind: 'enrolment', at: '2026-10-21T05:00:00Z' },
      ]),
    ]
    const w = statusWaits(rows, YEAR, TODAY)
    expect(w.map((r) => [r.label, r.medianDays, r.count, r.waiting])).toEqual([
      // 4 days, 8 days (still), 2 days; the enrolled family's is not known (moved by hand).
      ['Initial Inquiry', 4, 3, 1],
      // 10 days, 16 days (still).
      ['Meeting', 13, 2, 1],
      // 13 days (still).
      ['Trial', 13, 1, 1],
      // 10 days to enrolment.
      ['Admission', 10, 1, 0],
    ])
  })

  it('is zero everywhere without inquiries', () => {
    expect(statusWaits([], YEAR, TODAY).every((r) => r.count === 0 && r.medianDays === 0)).toBe(
      true,
    )
  })
})

describe('applicationsPerMonth', () => {
  it("counts the year's applications in the month they arrived, at the centre", () => {
    const rows = applicationsPerMonth(
      [
        inquiry('initialInquiry', '2026-06-30T19:00:00Z'),
        inquiry('meeting', '2026-07-15T05:00:00Z'),
        inquiry('trial', '2026-07-16T05:00:00Z'),
        inquiry('trial', '2027-06-01T05:00:00Z'),
      ],
      YEAR,
    )
    expect(rows).toHaveLength(12)
    expect(rows.slice(0, 3)).toEqual([
      { key: '2026-06', label: 'June 2026', count: 0 },
      { key: '2026-07', label: 'July 2026', count: 3 },
      { key: '2026-08', label: 'August 2026', count: 0 },
    ])
    expect(rows.reduce((s, r) => s + r.count, 0)).toBe(3)
  })
})
