import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { collectionNamed, createAppDatabase } from './database.ts'
import { defineCollection } from '../contract/schema.ts'

// A collection's local schema can change between app versions; the documents already on a
// device are migrated when the new version opens the database (nothing is lost offline).
describe('local schema versions', () => {
  it('migrates documents kept on the device to the new schema version', async () => {
    const v0 = defineCollection({
      name: 'notes',
      row: z.object({ id: z.string(), text: z.string() }),
      serverColumns: [],
      roles: ['facilitator'],
      version: 0,
    })
    const v1 = defineCollection({
      ...v0,
      row: z.object({ id: z.string(), text: z.string(), words: z.number() }),
      version: 1,
      migrationStrategies: {
        1: (doc: { text: string }) => ({
          ...doc,
          words: doc.text.split(/\s+/).filter(Boolean).length,
        }),
      },
    })
    const name = `migration${Date.now()}`
    const before = await createAppDatabase({
      name,
      storage: getRxStorageDexie(),
      definitions: [v0],
      multiInstance: false,
    })
    await collectionNamed(before, 'notes')!.insert({ id: 'n1', text: 'planted seeds today' })
    await before.close()

    const after = await createAppDatabase({
      name,
      storage: getRxStorageDexie(),
      definitions: [v1],
      multiInstance: false,
    })
    const doc = await collectionNamed(after, 'notes')!.findOne('n1').exec()
    expect(doc?.toJSON()).toMatchObject({ id: 'n1', text: 'planted seeds today', words: 3 })
    await after.remove()
  })
})
