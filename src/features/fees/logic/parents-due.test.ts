import { describe, expect, it } from 'vitest'
import type { PaymentLike } from '@sync/rules/fees/overview'
import {
  dueView,
  familyFeesOf,
  FEES_CACHE_PREFIX,
  readFeesCache,
  writeFeesCache,
  type FamilyFee,
} from './parents-due'

const TODAY = '2026-11-27'
const NOVEMBER = {
  key: '2026-27/month/2026-11',
  label: 'November 2026',
  months: 1,
  start: '2026-11-01',
  end: '2026-11-30',
}
const OCTOBER = {
  ...NOVEMBER,
  key: '2026-27/month/2026-10',
  label: 'October 2026',
  start: '2026-10-01',
  end: '2026-10-31',
}

const fees: FamilyFee[] = [
  { studentId: 'st-ines', name: 'Inês Fernandes', monthlyFee: 14500 },
  { studentId: 'st-tiago', name: 'Tiago Fernandes', monthlyFee: 16700 },
]

function fee(
  id: string,
  studentId: string,
  amount: number,
  status: PaymentLike['status'] = 'recorded',
  period = NOVEMBER,
): PaymentLike {
  return {
    id,
    family_id: 'demo-family-fernandes',
    student_id: studentId,
    kind: 'fee',
    status,
    receipt_number: status === 'recorded' ? `2026-27/${id}` : null,
    data: {
      paymentType: 'Monthly Fee',
      paymentOption: 'UPI',
      period,
      feeYear: '2026-27',
      receivedFrom: 'Maria Fernandes',
      amount,
      paymentDate: period.start,
    },
  }
}

/** A Storage in memory, as localStorage behaves. */
function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  }
}

const open = { from: null, to: null }

describe('the fees the server answers', () => {
  it('reads monthly fees given as numbers or as numeric text', () => {
    expect(
      familyFeesOf([
        { student_id: 'st-tiago', name: 'Tiago Fernandes', monthly_fee: 16700 },
        { student_id: 'st-ines', name: 'Inês Fernandes', monthly_fee: '14500.00' },
      ]),
    ).toEqual([
      { studentId: 'st-tiago', name: 'Tiago Fernandes', monthlyFee: 16700, feeWindow: open },
      { studentId: 'st-ines', name: 'Inês Fernandes', monthlyFee: 14500, feeWindow: open },
    ])
  })

  it("reads when each child's fees run: from the first day to a termination's", () => {
    const [child] = familyFeesOf([
      {
        student_id: 'st-aarav',
        name: 'Aarav Kamat',
        monthly_fee: '15600',
        start_date: '2027-01-04',
        enrolled_at: '2026-11-20T06:00:00Z',
        terminated_at: null,
      },
    ])!
    expect(child!.feeWindow).toEqual({ from: '2027-01-04', to: null })
    const view = dueView([child!], [], '2026-11-28')
    expect(view.total).toBe(0)
    expect(view.anyFee).toBe(false)
    expect(dueView([child!], [], '2027-01-05').total).toBe(15600)
  })

  it('leaves out a child whose enrolment ended before the current period', () => {
    const fees = familyFeesOf([
      { student_id: 'st-a', name: 'A', monthly_fee: 100, terminated_at: '2026-10-10T05:00:00Z' },
      { student_id: 'st-b', name: 'B', monthly_fee: 100 },
    ])!
    expect(dueView(fees, [], '2026-11-28').children.map((c) => c.name)).toEqual(['B'])
  })

  it.each([
    ['not a list', { student_id: 'st-tiago' }],
    ['a negative fee', [{ student_id: 'st-tiago', name: 'T', monthly_fee: '-5' }]],
    ['no student', [{ student_id: '', name: 'T', monthly_fee: 1 }]],
    ['an error object', { message: 'permission denied' }],
  ])('refuses %s', (_, answer) => {
    expect(familyFeesOf(answer)).toBeNull()
  })
})

describe("the device's copy of the fees", () => {
  it('is read back as written, with when the server gave it', () => {
    const storage = memoryStorage()
    const now = new Date('2026-11-27T06:30:00Z')
    writeFeesCache(storage, 'demo-family-fernandes', fees, now)
    expect(readFeesCache(storage, 'demo-family-fernandes')).toEqual({
      fetchedAt: '2026-11-27T06:30:00.000Z',
      fees,
    })
    expect(readFeesCache(storage, 'demo-family-naik')).toBeNull()
  })

  it('is kept under the synced-data prefix that signing out deletes', () => {
    const storage = memoryStorage()
    writeFeesCache(storage, 'demo-family-fernandes', fees, new Date())
    expect([...storage.data.keys()]).toEqual([`${FEES_CACHE_PREFIX}demo-family-fernandes`])
    expect(FEES_CACHE_PREFIX.startsWith('app.sync.')).toBe(true)
  })

  it.each([
    ['not JSON', '{'],
    ['another shape', JSON.stringify({ fees: 'x' })],
    [
      'a negative fee',
      JSON.stringify({
        fetchedAt: '2026-11-27T00:00:00Z',
        fees: [{ studentId: 'a', name: 'A', monthlyFee: -1 }],
      }),
    ],
  ])('is ignored when it is %s', (_, raw) => {
    const storage = memoryStorage()
    storage.setItem(`${FEES_CACHE_PREFIX}f`, raw)
    expect(readFeesCache(storage, 'f')).toBeNull()
  })

  it('costs nothing but the copy when the storage is full', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(writeFeesCache(full, 'f', fees, new Date('2026-11-27T00:00:00Z')).fees).toEqual(fees)
  })
})

describe('what is due now', () => {
  it("shows Tiago's month due and Inês's paid, and the total", () => {
    const due = dueView(
      fees,
      [fee('1', 'st-ines', 14500), fee('2', 'st-tiago', 16700, 'recorded', OCTOBER)],
      TODAY,
    )
    expect(
      due.children.map((c) => [c.name, c.period.label, c.standing, c.totalFeePending]),
    ).toEqual([
      ['Inês Fernandes', 'November 2026', 'paid', 0],
      ['Tiago Fernandes', 'November 2026', 'pending', 16700],
    ])
    const tiago = due.children[1]!
    expect([
      tiago.feeTariffAmount,
      tiago.totalFee,
      tiago.totalFeePaid,
      tiago.totalFeePending,
    ]).toEqual([16700, 16700, 0, 16700])
    expect(due).toMatchObject({
      total: 16700,
      toPay: 16700,
      periodLabel: 'November 2026',
      anyFee: true,
    })
  })

  it('leaves a reported payment due until the centre confirms it, but not to pay again', () => {
    const due = dueView(
      fees,
      [fee('1', 'st-ines', 14500), fee('3', 'st-tiago', 16700, 'reported')],
      TODAY,
    )
    expect(due.total).toBe(16700)
    expect(due.toPay).toBe(0)
    expect(due.children[1]).toMatchObject({ reported: 16700, toPay: 0 })
  })

  it('has nothing due when every child has paid, and a part payment leaves the rest', () => {
    expect(
      dueView(fees, [fee('1', 'st-ines', 14500), fee('2', 'st-tiago', 16700)], TODAY).total,
    ).toBe(0)
    const part = dueView(fees, [fee('1', 'st-ines', 14500), fee('2', 'st-tiago', 6700)], TODAY)
    expect(part.total).toBe(10000)
  })

  it('counts a child without a fee as having none, not as owing', () => {
    const due = dueView([{ studentId: 's', name: 'S', monthlyFee: 0 }], [], TODAY)
    expect(due).toMatchObject({ total: 0, anyFee: false })
    expect(due.children[0]!.standing).toBe('notPaying')
  })

  it("ignores a void payment and another child's", () => {
    const due = dueView(
      fees,
      [fee('1', 'st-ines', 14500, 'void'), fee('2', 'st-other', 16700)],
      TODAY,
    )
    expect(due.total).toBe(14500 + 16700)
  })
})
