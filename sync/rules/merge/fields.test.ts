import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fieldLabel, mergeFields } from './fields.ts'

const keep = ['updated_at', 'updated_by']

const family = {
  id: 'fam-1',
  name: 'Fernandes',
  status: 'enrolled',
  data: {
    guardians: [
      { firstName: 'Maria', occupation: 'Teacher', email: 'maria@example.com' },
      { firstName: 'João', occupation: 'Engineer', email: 'joao@example.com' },
    ],
    address: { city: 'Panaji', pin: '403001' },
  },
  updated_at: '2026-11-28T04:00:00Z',
  updated_by: 'u-office',
  _deleted: false,
}

describe('merging two edits of one record', () => {
  it('keeps both when they changed different fields: the office renames, a guardian edits an occupation', () => {
    const theirs = { ...family, name: 'Fernandes-Rao', updated_by: 'u-office-2' }
    const mine = {
      ...family,
      data: {
        ...family.data,
        guardians: [
          { ...family.data.guardians[0]!, occupation: 'Principal' },
          family.data.guardians[1]!,
        ],
      },
    }
    const { merged, lost } = mergeFields({ base: family, mine, theirs, keep })
    expect(lost).toEqual([])
    expect(merged).toEqual({
      ...theirs,
      data: { ...family.data, guardians: mine.data.guardians },
    })
  })

  it('keeps the server’s value of a field both changed, and names the field with both values', () => {
    const theirs = {
      ...family,
      data: { ...family.data, address: { city: 'Margao', pin: '403001' } },
    }
    const mine = {
      ...family,
      name: 'Fernandes family',
      data: { ...family.data, address: { city: 'Mapusa', pin: '403507' } },
    }
    const { merged, lost } = mergeFields({ base: family, mine, theirs, keep })
    expect(lost).toEqual([{ path: 'data.address.city', mine: 'Mapusa', theirs: 'Margao' }])
    expect(merged).toMatchObject({
      name: 'Fernandes family',
      data: { address: { city: 'Margao', pin: '403507' } },
    })
  })

  it('never takes the device’s server columns, and treats the same change on both sides as no conflict', () => {
    const theirs = { ...family, name: 'Rao', updated_at: '2026-11-28T05:00:00Z' }
    const mine = { ...family, name: 'Rao', updated_at: '1999-01-01T00:00:00Z', updated_by: 'u-me' }
    expect(mergeFields({ base: family, mine, theirs, keep })).toEqual({ merged: theirs, lost: [] })
  })

  it('a guardian added on one side and an occupation changed on the other: the lists differ, the server’s list is kept and named', () => {
    const theirs = {
      ...family,
      data: { ...family.data, guardians: [...family.data.guardians, { firstName: 'Ana' }] },
    }
    const mine = {
      ...family,
      data: {
        ...family.data,
        guardians: [
          { ...family.data.guardians[0]!, occupation: 'Principal' },
          family.data.guardians[1]!,
        ],
      },
    }
    const { lost } = mergeFields({ base: family, mine, theirs, keep })
    expect(lost.map((l) => l.path)).toEqual(['data.guardians'])
  })

  it('(property) a field only one side changed always survives; the server’s side never loses', () => {
    const value = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: 0, max: 3 }))
    const record = fc.record({ a: value, b: value, c: fc.record({ d: value, e: value }) })
    fc.assert(
      fc.property(record, record, record, (base, mine, theirs) => {
        const { merged, lost } = mergeFields({ base, mine, theirs, keep: [] })
        const lostPaths = new Set(lost.map((l) => l.path))
        const at = (o: Record<string, unknown>, path: string) =>
          path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], o)
        for (const path of ['a', 'b', 'c.d', 'c.e']) {
          const [b, m, t, out] = [
            at(base, path),
            at(mine, path),
            at(theirs, path),
            at(merged, path),
          ]
          if (m === b) expect(out).toEqual(t)
          else if (t === b) expect(out).toEqual(m)
          else if (m !== t) {
            expect(out).toEqual(t)
            expect(lostPaths.has(path)).toBe(true)
          }
        }
      }),
    )
  })

  it.each([
    ['name', 'name'],
    ['data.guardians.0.occupation', 'guardian 1 › occupation'],
    ['data.address.city', 'address › city'],
    ['family_name', 'family name'],
    ['data.meetingNote', 'meeting note'],
  ])('calls %s “%s”', (path, label) => {
    expect(fieldLabel(path)).toBe(label)
  })
})
