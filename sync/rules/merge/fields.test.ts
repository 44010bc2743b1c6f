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

  describe('a list whose length changed on one side is one field', () => {
    const guardians = family.data.guardians
    const withGuardians = (list: unknown[], extra: Record<string, unknown> = {}) => ({
      ...family,
      ...extra,
      data: { ...family.data, guardians: list },
    })
    const ana = { firstName: 'Ana', occupation: 'Nurse', email: 'ana@example.com' }
    const edited = { ...guardians[0]!, occupation: 'Principal' }

    it('takes the longer list when only this device added a guardian, and the server’s rename with it', () => {
      const mine = withGuardians([...guardians, ana])
      const theirs = { ...family, name: 'Fernandes-Rao' }
      const { merged, lost } = mergeFields({ base: family, mine, theirs, keep })
      expect(lost).toEqual([])
      expect(merged).toMatchObject({
        name: 'Fernandes-Rao',
        data: { guardians: [...guardians, ana] },
      })
    })

    it('takes the shorter list when only the server removed a guardian', () => {
      const theirs = withGuardians([guardians[0]!])
      const mine = { ...family, status: 'archived' }
      const { merged, lost } = mergeFields({ base: family, mine, theirs, keep })
      expect(lost).toEqual([])
      expect(merged).toMatchObject({ status: 'archived', data: { guardians: [guardians[0]] } })
    })

    it.each([
      [
        'this device added one, the server edited one',
        [...guardians, ana],
        [edited, guardians[1]!],
      ],
      ['this device edited one, the server removed one', [edited, guardians[1]!], [guardians[1]!]],
      [
        'each side added a different one',
        [...guardians, ana],
        [...guardians, { firstName: 'Rui' }],
      ],
      ['this device removed one, the server added one', [guardians[0]!], [...guardians, ana]],
    ])(
      'is a conflict on the whole list when %s: the server’s list is kept',
      (_, mineList, theirList) => {
        const { merged, lost } = mergeFields({
          base: family,
          mine: withGuardians(mineList),
          theirs: withGuardians(theirList),
          keep,
        })
        expect(lost).toEqual([{ path: 'data.guardians', mine: mineList, theirs: theirList }])
        expect((merged.data as { guardians: unknown }).guardians).toEqual(theirList)
      },
    )

    it('is no conflict when both sides made the same list', () => {
      const list = [...guardians, ana]
      const { merged, lost } = mergeFields({
        base: family,
        mine: withGuardians(list),
        theirs: withGuardians(list),
        keep,
      })
      expect(lost).toEqual([])
      expect((merged.data as { guardians: unknown }).guardians).toEqual(list)
    })

    it('inside an item, a grown list is one field and the item’s other fields still merge', () => {
      const child = { firstName: 'Ira', gender: 'Female', previousSchools: [{ school: 'Sunbeam' }] }
      const inquiry = { id: 'inq-1', data: { children: [child] } }
      const mine = {
        ...inquiry,
        data: {
          children: [{ ...child, previousSchools: [...child.previousSchools, { school: 'Kala' }] }],
        },
      }
      const theirs = { ...inquiry, data: { children: [{ ...child, gender: 'F' }] } }
      const { merged, lost } = mergeFields({ base: inquiry, mine, theirs, keep })
      expect(lost).toEqual([])
      expect(merged.data).toEqual({
        children: [
          { ...child, gender: 'F', previousSchools: [{ school: 'Sunbeam' }, { school: 'Kala' }] },
        ],
      })
    })

    it('(property) a list of another length is never mixed: one side’s list whole, or a conflict named by its path', () => {
      const item = fc.record({
        n: fc.integer({ min: 0, max: 2 }),
        m: fc.integer({ min: 0, max: 2 }),
      })
      const list = fc.array(item, { maxLength: 3 })
      fc.assert(
        fc.property(list, list, list, (base, mine, theirs) => {
          fc.pre(mine.length !== base.length || theirs.length !== base.length)
          const { merged, lost } = mergeFields({
            base: { list: base },
            mine: { list: mine },
            theirs: { list: theirs },
            keep: [],
          })
          const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
          if (same(mine, base) || same(mine, theirs)) expect(merged.list).toEqual(theirs)
          else if (same(theirs, base)) expect(merged.list).toEqual(mine)
          else {
            expect(merged.list).toEqual(theirs)
            expect(lost).toEqual([{ path: 'list', mine, theirs }])
            return
          }
          expect(lost).toEqual([])
        }),
      )
    })
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
