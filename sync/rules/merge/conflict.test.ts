import { describe, expect, it } from 'vitest'
import type { RxConflictHandlerInput } from 'rxdb'
import { resolveByFields } from './conflict.ts'

const maria = {
  parentUUID: 'p-1',
  firstName: 'Maria',
  lastName: 'Fernandes',
  occupation: 'Teacher',
}
const joao = { parentUUID: 'p-2', firstName: 'João', lastName: 'Fernandes' }
const ana = { parentUUID: 'p-3', firstName: 'Ana', lastName: 'Rao' }

const family = (guardians: unknown[], name = 'Fernandes') => ({
  id: 'demo-family-fernandes',
  name,
  data: { guardians },
  updated_at: '2026-11-28T04:00:00Z',
  _deleted: false,
})

const input = (
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
) =>
  ({
    assumedMasterState: base,
    newDocumentState: mine,
    realMasterState: theirs,
  }) as unknown as RxConflictHandlerInput<unknown>

describe('what the notice of a merged record says', () => {
  it('names a list kept whole by its people: this device added Ana, the server edited Maria', () => {
    const { merged, lost } = resolveByFields(
      input(
        family([maria, joao]),
        family([maria, joao, ana]),
        family([{ ...maria, occupation: 'Principal' }, joao]),
      ),
      ['updated_at'],
    )
    expect(lost).toEqual([
      {
        field: 'guardians',
        mine: 'Maria Fernandes, João Fernandes, Ana Rao',
        kept: 'Maria Fernandes, João Fernandes',
      },
    ])
    expect((merged.data as { guardians: unknown[] }).guardians).toHaveLength(2)
  })

  it('shows what differs when both lists name the same people', () => {
    const { lost } = resolveByFields(
      input(
        family([maria]),
        family([maria, { ...joao, occupation: 'Pilot' }]),
        family([maria, { ...joao, occupation: 'Chef' }]),
      ),
      [],
    )
    expect(lost).toEqual([
      {
        field: 'guardians',
        mine: 'João Fernandes: occupation Pilot',
        kept: 'João Fernandes: occupation Chef',
      },
    ])
  })

  it('says “nothing” for a list emptied on the server, and reports no loss for a removed record’s fields', () => {
    const { lost } = resolveByFields(input(family([maria]), family([maria, ana]), family([])), [])
    expect(lost).toEqual([
      { field: 'guardians', mine: 'Maria Fernandes, Ana Rao', kept: 'nothing' },
    ])
    const removed = resolveByFields(
      input(family([maria]), family([maria, ana]), { ...family([maria]), _deleted: true }),
      [],
    )
    expect(removed.lost).toBeNull()
  })
})
