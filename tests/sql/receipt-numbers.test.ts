// Receipt numbers (J28): per fee year, without gaps or duplicates, also when payments are
// recorded at the same time and when one of them rolls back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { testDatabases } from '../helpers/test-db.ts'

class Abandon extends Error {}

describe.each(testDatabases())('receipt numbers on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const take = (feeYear: string, rollBack = false) =>
    db
      .transaction(async (tx) => {
        const [row] = await tx.query<{ n: string }>('select app.next_receipt_number($1) as n', [
          feeYear,
        ])
        if (rollBack) throw new Abandon()
        return row!.n
      })
      .catch((error: unknown) => {
        if (error instanceof Abandon) return null
        throw error
      })

  it('numbers each fee year from 1, four digits wide', async () => {
    expect(await take('2030-31')).toBe('2030-31/0001')
    expect(await take('2030-31')).toBe('2030-31/0002')
    expect(await take('2031-32')).toBe('2031-32/0001')
  })

  it('gives concurrent payments distinct numbers with no gaps, even when some roll back', async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => take('2032-33', i % 5 === 0)),
    )
    const kept = results.filter((n): n is string => n !== null)
    expect(kept).toHaveLength(24 - 5)
    const numbers = kept.map((n) => Number(n.split('/')[1])).sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: kept.length }, (_, i) => i + 1))
    expect(await take('2032-33')).toBe(`2032-33/${String(kept.length + 1).padStart(4, '0')}`)
  })

  it('refuses something that is not a fee year and counts nothing', async () => {
    await expect(take('2033')).rejects.toThrow(/Not a fee year/)
    expect(await take('2033-34')).toBe('2033-34/0001')
  })

  it('is not callable by people', async () => {
    const [row] = await db.query<{ ok: boolean }>(
      `select has_function_privilege('authenticated', 'app.next_receipt_number(text)', 'execute') as ok`,
    )
    expect(row!.ok).toBe(false)
  })
})
