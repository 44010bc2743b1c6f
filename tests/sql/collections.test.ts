import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { collections } from '@sync/contract/collections/index.ts'
import { MAX_COLLECTIONS, SUBJECT_COLOURS } from '@sync/contract/constants.ts'
import { toRxJsonSchema } from '@sync/contract/schema.ts'
import { testDatabases } from '../helpers/test-db.ts'

// Which JSON types each SQL type travels as.
const jsonTypeOf: Record<string, string> = {
  text: 'string',
  uuid: 'string',
  'timestamp with time zone': 'string',
  date: 'string',
  boolean: 'boolean',
  integer: 'number',
  bigint: 'number',
  numeric: 'number',
  jsonb: 'object',
  ARRAY: 'array',
}

describe('collection definitions', () => {
  it(`stay within ${MAX_COLLECTIONS} collections (the open-source RxDB opens 13 at most)`, () => {
    expect(collections.length).toBeLessThanOrEqual(MAX_COLLECTIONS)
    expect(new Set(collections.map((c) => c.name)).size).toBe(collections.length)
  })

  it.each(collections.map((c) => [c.name, c] as const))(
    '%s derives a valid RxDB schema',
    (_n, def) => {
      const schema = toRxJsonSchema(def)
      expect(schema.primaryKey).toBe('id')
      expect(schema.properties.id).toMatchObject({ type: 'string', maxLength: 64 })
      expect(Object.keys(schema.properties)).not.toContain('_deleted')
    },
  )
})

describe.each(testDatabases())('collections against their tables on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it.each(collections.map((c) => [c.name, c] as const))(
    '%s matches its table column for column',
    async (name, def) => {
      const columns = await db.query<{
        column_name: string
        data_type: string
        is_nullable: string
      }>(
        `select column_name, data_type, is_nullable from information_schema.columns
        where table_schema = 'public' and table_name = $1 order by ordinal_position`,
        [name],
      )
      const sqlColumns = columns
        .map((c) => c.column_name)
        .filter((c) => c !== '_seq' && c !== '_modified' && c !== '_deleted')
      const schema = toRxJsonSchema(def)
      expect(Object.keys(schema.properties).sort()).toEqual(sqlColumns.sort())
      for (const column of columns) {
        const prop = schema.properties[column.column_name] as
          { type?: string | string[] } | undefined
        if (!prop) continue
        const types = ([] as string[]).concat(prop.type ?? [])
        expect(types, `${name}.${column.column_name}`).toContain(jsonTypeOf[column.data_type])
        const required = (schema.required as string[]).includes(column.column_name)
        if (column.is_nullable === 'YES' && required) {
          expect(types, `${name}.${column.column_name} is nullable in SQL`).toContain('null')
        }
      }
    },
  )

  it('registers exactly the defined collections for replication, with the same server columns', async () => {
    const rows = await db.query<{ name: string; server_columns: string[] }>(
      'select name, server_columns from app.sync_collections order by name',
    )
    expect(rows.map((r) => r.name)).toEqual(collections.map((c) => c.name).sort())
    for (const row of rows) {
      const def = collections.find((c) => c.name === row.name)!
      expect(row.server_columns.sort()).toEqual([...def.serverColumns].sort())
    }
  })

  it('uses the same 18 subject colours as the database', async () => {
    const [row] = await db.query<{ colours: string[] }>('select app.subject_colours() as colours')
    expect(row!.colours).toEqual([...SUBJECT_COLOURS])
    expect(SUBJECT_COLOURS).toHaveLength(18)
  })
})
