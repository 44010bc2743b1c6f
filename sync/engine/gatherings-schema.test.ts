import 'fake-indexeddb/auto'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { createAppDatabase, type AppDatabase } from './database.ts'
import type { CollectionDefinition } from '../contract/schema.ts'
import { gatherings, gatheringKinds } from '../contract/collections/gatherings.ts'

// A device that stored meetings before field trips existed opens the new schema (version 1) and
// keeps every row: RxDB refuses a changed schema at the same version, so the kind's new value
// comes with a version and a migration that leaves each document as it was.
const { field_trip: _trip, ...oldKinds } = gatheringKinds
const before: CollectionDefinition = {
  ...gatherings,
  row: z.extend(gatherings.row, { kind: z.enum(['meeting', 'participant']) }),
  kinds: oldKinds,
  version: 0,
  migrationStrategies: undefined,
}

let open: AppDatabase | null = null
afterEach(async () => {
  await open?.close()
  open = null
})

describe('the gatherings schema on a device', () => {
  it('moves from version 0 to 1 keeping the meetings it held, and then takes field trips', async () => {
    const name = `gatherings-upgrade-${Date.now()}`
    open = await createAppDatabase({
      name,
      storage: getRxStorageDexie(),
      multiInstance: false,
      definitions: [before],
    })
    await open.gatherings.insert({
      id: 'mt-kept',
      kind: 'meeting',
      meeting_id: null,
      group_ids: ['rg-jaul'],
      status: 'pending',
      data: { title: 'Term review', date: '2026-12-12', startTime: '10:00', endTime: '11:00' },
    })
    await open.close()

    open = await createAppDatabase({
      name,
      storage: getRxStorageDexie(),
      multiInstance: false,
      definitions: [gatherings],
    })
    const kept = await open.gatherings.findOne('mt-kept').exec()
    expect(kept?.toJSON()).toMatchObject({ kind: 'meeting', data: { title: 'Term review' } })
    await open.gatherings.insert({
      id: 'ft-new',
      kind: 'field_trip',
      meeting_id: null,
      group_ids: ['rg-jaul'],
      status: 'pending',
      data: {
        title: 'Garden',
        fee: 0,
        startDate: '2027-01-14',
        endDate: '2027-01-14',
        academicYear: '2026-27',
        studentIds: [],
        facilitatorIds: [],
        parents: [],
      },
    })
    expect(await open.gatherings.count().exec()).toBe(2)
  })
})
