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

  describe('guardians are matched by their id, whatever their order', () => {
    const maria = { parentUUID: 'g-maria', firstName: 'Maria', occupation: 'Teacher', phone: '1' }
    const joao = { parentUUID: 'g-joao', firstName: 'João', occupation: 'Engineer', phone: '2' }
    const withGuardians = (list: unknown[]) => ({
      ...family,
      data: { ...family.data, guardians: list },
    })
    const base = withGuardians([maria, joao])

    it('keeps a reorder on this device and an edit on the server', () => {
      const mine = withGuardians([joao, maria])
      const theirs = withGuardians([maria, { ...joao, occupation: 'Pilot' }])
      const { merged, lost } = mergeFields({ base, mine, theirs, keep })
      expect(lost).toEqual([])
      expect((merged.data as typeof family.data).guardians).toEqual([
        { ...joao, occupation: 'Pilot' },
        maria,
      ])
    })

    it('keeps a reorder on the server and an edit on this device', () => {
      const mine = withGuardians([{ ...maria, phone: '9' }, joao])
      const theirs = withGuardians([joao, maria])
      const { merged, lost } = mergeFields({ base, mine, theirs, keep })
      expect(lost).toEqual([])
      expect((merged.data as typeof family.data).guardians).toEqual([
        joao,
        { ...maria, phone: '9' },
      ])
    })

    it('keeps one guardian edited on each device, even when the server reordered them', () => {
      const mine = withGuardians([{ ...maria, occupation: 'Principal' }, joao])
      const theirs = withGuardians([{ ...joao, phone: '7' }, maria])
      const { merged, lost } = mergeFields({ base, mine, theirs, keep })
      expect(lost).toEqual([])
      expect((merged.data as typeof family.data).guardians).toEqual([
        { ...joao, phone: '7' },
        { ...maria, occupation: 'Principal' },
      ])
    })

    it('names the guardian and the field both devices changed, by the guardian’s place in the kept list', () => {
      const mine = withGuardians([{ ...maria, occupation: 'Principal' }, joao])
      const theirs = withGuardians([joao, { ...maria, occupation: 'Doctor', phone: '5' }])
      const { merged, lost } = mergeFields({ base, mine, theirs, keep })
      expect(lost).toEqual([
        { path: 'data.guardians.1.occupation', mine: 'Principal', theirs: 'Doctor' },
      ])
      expect((merged.data as typeof family.data).guardians).toEqual([
        joao,
        { ...maria, occupation: 'Doctor', phone: '5' },
      ])
      expect(fieldLabel(lost[0]!.path, merged)).toBe('guardian 2 (Maria) › occupation')
    })

    it('keeps the server’s order, and names the list, when both devices reordered differently', () => {
      const ana = { parentUUID: 'g-ana', firstName: 'Ana' }
      const three = withGuardians([maria, joao, ana])
      const mine = withGuardians([ana, maria, joao])
      const theirs = withGuardians([joao, maria, ana])
      const { merged, lost } = mergeFields({ base: three, mine, theirs, keep })
      expect((merged.data as typeof family.data).guardians).toEqual([joao, maria, ana])
      expect(lost.map((l) => l.path)).toEqual(['data.guardians'])
    })

    it('treats a guardian replaced on one side as a change of the whole list, never mixing two people', () => {
      const ana = { parentUUID: 'g-ana', firstName: 'Ana', occupation: 'Nurse', phone: '3' }
      const mine = withGuardians([maria, { ...joao, occupation: 'Pilot' }])
      const theirs = withGuardians([maria, ana])
      const { merged, lost } = mergeFields({ base, mine, theirs, keep })
      expect((merged.data as typeof family.data).guardians).toEqual([maria, ana])
      expect(lost.map((l) => l.path)).toEqual(['data.guardians'])
    })

    it('(property) a guardian’s field only one side changed survives, wherever each side put them; both changed: the server’s, named by guardian and field', () => {
      const ids = ['g1', 'g2', 'g3']
      const values = fc.constantFrom('a', 'b', 'c')
      const guardian = (id: string) =>
        fc.record({ parentUUID: fc.constant(id), job: values, phone: values })
      const guardians = fc.tuple(...ids.map(guardian))
      const order = fc.shuffledSubarray(ids, { minLength: 3, maxLength: 3 })
      fc.assert(
        fc.property(
          guardians,
          guardians,
          guardians,
          order,
          order,
          (b, m, t, mineOrder, theirOrder) => {
            const byId = (list: { parentUUID: string }[], o: string[]) =>
              o.map((id) => list.find((g) => g.parentUUID === id)!)
            const { merged, lost } = mergeFields({
              base: { list: b },
              mine: { list: byId(m, mineOrder) },
              theirs: { list: byId(t, theirOrder) },
              keep: [],
            })
            const out = merged.list as { parentUUID: string; job: string; phone: string }[]
            expect(out.map((g) => g.parentUUID).sort()).toEqual(ids)
            for (const [i, id] of ids.entries())
              for (const field of ['job', 'phone'] as const) {
                const [bv, mv, tv] = [b[i]![field], m[i]![field], t[i]![field]]
                const at = out.findIndex((g) => g.parentUUID === id)
                const got = out[at]![field]
                const named = lost.some((l) => l.path === `list.${at}.${field}`)
                if (mv === bv || mv === tv) expect([got, named]).toEqual([tv, false])
                else if (tv === bv) expect([got, named]).toEqual([mv, false])
                else expect([got, named]).toEqual([tv, true])
              }
            const reordered = (o: string[]) => o.join() !== ids.join()
            if (!reordered(mineOrder) || mineOrder.join() === theirOrder.join())
              expect(out.map((g) => g.parentUUID)).toEqual(theirOrder)
            else if (!reordered(theirOrder)) expect(out.map((g) => g.parentUUID)).toEqual(mineOrder)
            else {
              expect(out.map((g) => g.parentUUID)).toEqual(theirOrder)
              expect(lost.some((l) => l.path === 'list')).toBe(true)
            }
          },
        ),
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
    ['data.guardians.7.occupation', 'guardian 8 › occupation'],
  ])('calls %s “%s”', (path, label) => {
    expect(fieldLabel(path)).toBe(label)
  })
})
