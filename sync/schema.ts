// The data contract shared by the browser, the tests and the edge functions: one definition per
// collection (sync/collections/<name>.ts), with zod schemas as the source of truth for field
// names and types, and the RxDB schema derived from them.
import * as z from 'zod/mini'
import type { RxJsonSchema, MigrationStrategies } from 'rxdb'

export type AppRole =
  'admin' | 'admission' | 'administration' | 'facilitator' | 'guardian' | 'student' | 'member'

/** Everyone with a role replicates the collection. */
export const ALL_ROLES: readonly AppRole[] = [
  'admin',
  'admission',
  'administration',
  'facilitator',
  'guardian',
  'student',
  'member',
]

/** The centre's staff and its facilitators (parent facilitators take the facilitator role). */
export const STAFF_AND_FACILITATOR_ROLES: readonly AppRole[] = [
  'admin',
  'administration',
  'admission',
  'facilitator',
]

export interface CollectionDefinition<Row extends z.ZodMiniObject = z.ZodMiniObject> {
  /** Collection name = SQL table name. */
  name: string
  /** The replicated row (every business column of the table, `_deleted` excluded). */
  row: Row
  /** zod schema of `data` for each kind (collections that hold several kinds of record). */
  kinds?: Record<string, z.ZodMiniType>
  /** Columns the server keeps (updated_at/updated_by ...): never written by devices. */
  serverColumns: readonly string[]
  /** Roles whose devices open and replicate this collection. */
  roles: readonly AppRole[]
  /** Extra indexes for local queries. */
  indexes?: (string | string[])[]
  /** RxDB schema version and the migrations from older local versions. */
  version: number
  migrationStrategies?: MigrationStrategies
  /**
   * How many of the person's edits these unsynced rows hold, for the header's count; one per
   * row when absent. A collection whose one edit writes several rows counts the edit once.
   */
  countEdits?(pending: readonly Record<string, unknown>[]): number
}

export type RowOf<D extends CollectionDefinition> = z.infer<D['row']>

export function defineCollection<Row extends z.ZodMiniObject>(def: CollectionDefinition<Row>) {
  return def
}

const ID_MAX = 64

type JsonSchema = Record<string, unknown>

function clean(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === 'propertyNames' || key === 'default') continue
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, clean(v)]),
      )
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = clean(value as JsonSchema)
    } else {
      out[key] = value
    }
  }
  return out
}

/** The RxDB JSON schema of a collection, derived from its zod row schema. */
export function toRxJsonSchema(def: CollectionDefinition): RxJsonSchema<Record<string, unknown>> {
  const json = clean(z.toJSONSchema(def.row, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
  const properties = json.properties as Record<string, JsonSchema>
  properties.id = { type: 'string', maxLength: ID_MAX }
  // Indexed string fields need a maximum length in RxDB.
  for (const field of (def.indexes ?? []).flat()) {
    const p = properties[field]
    if (p && p.type === 'string' && p.maxLength === undefined) p.maxLength = 100
  }
  return {
    title: def.name,
    version: def.version,
    primaryKey: 'id',
    type: 'object',
    properties,
    required: (json.required as string[] | undefined) ?? ['id'],
    indexes: def.indexes,
  } as RxJsonSchema<Record<string, unknown>>
}

/** Validates a row and the `data` of its kind. Returns the issues as readable strings. */
export function validateRow(def: CollectionDefinition, row: unknown): string[] {
  const parsed = def.row.safeParse(row)
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`)
  const kind = (row as { kind?: unknown } | null)?.kind
  if (def.kinds && typeof kind === 'string') {
    const dataSchema = def.kinds[kind]
    if (!dataSchema) issues.push(`kind: unknown kind ${kind}`)
    else {
      const data = dataSchema.safeParse((row as { data?: unknown }).data)
      if (!data.success)
        issues.push(...data.error.issues.map((i) => `data.${i.path.join('.')}: ${i.message}`))
    }
  }
  return issues
}

/** Collections a role's devices open. */
export function collectionsFor<D extends CollectionDefinition>(
  defs: readonly D[],
  role: AppRole | null,
): D[] {
  if (!role) return []
  return defs.filter((d) => d.roles.includes(role))
}
