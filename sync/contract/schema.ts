// The data contract shared by the browser, the tests and the edge functions: one definition per
// collection (sync/contract/collections/<name>.ts), with zod schemas as the source of truth for field
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

/** zod schemas of `data`, one per kind (collections that hold several kinds of record). */
export type KindSchemas = Record<string, z.ZodMiniType>

export interface CollectionDefinition<
  Row extends z.ZodMiniObject = z.ZodMiniObject,
  Kinds extends KindSchemas = KindSchemas,
> {
  /** Collection name = SQL table name. */
  name: string
  /** The replicated row (every business column of the table, `_deleted` excluded). */
  row: Row
  /** zod schema of `data` for each kind (collections that hold several kinds of record). */
  kinds?: Kinds
  /** Columns the server keeps (updated_at/updated_by ...): never written by devices. */
  serverColumns: readonly string[]
  /**
   * Columns a device writes when it makes a record but the server keeps from then on (its
   * trigger keeps the first value: created_at of a record brought back). The stored value is the
   * server's, so a difference in them is never someone else's change.
   */
  keptColumns?: readonly string[]
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

/** One row of a collection with kinds: its columns, and the `data` its `kind` names. */
type KindRow<Row extends z.ZodMiniObject, Kinds extends KindSchemas> = {
  [K in keyof Kinds & string]: Omit<z.infer<Row>, 'kind' | 'data'> & {
    kind: K
    data: z.infer<Kinds[K]>
  }
}[keyof Kinds & string]

/**
 * The typed row of a collection: `z.infer` of its row schema, and for a collection with kinds a
 * union discriminated by `kind`, so `row.kind === 'week'` makes `row.data` a week.
 */
export type RowOf<D extends CollectionDefinition> = D extends {
  row: infer Row extends z.ZodMiniObject
  kinds: infer Kinds extends KindSchemas
}
  ? KindRow<Row, Kinds>
  : z.infer<D['row']>

/** A collection's definition, with the exact types of its row and kinds kept for RowOf. */
export function defineCollection<Row extends z.ZodMiniObject, Kinds extends KindSchemas = never>(
  def: CollectionDefinition<Row, Kinds>,
): [Kinds] extends [never]
  ? CollectionDefinition<Row> & { kinds?: undefined }
  : CollectionDefinition<Row, Kinds> & { kinds: Kinds } {
  if (def.kinds) {
    const kinds = Object.keys(def.kinds).sort()
    const column = def.row.shape.kind
    const options = column && 'options' in column ? [...(column.options as string[])].sort() : []
    if (kinds.join() !== options.join())
      throw new Error(`${def.name}: the kind column must list exactly the kinds (${kinds.join()})`)
  }
  return def as never
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

const rowSchemas = new WeakMap<CollectionDefinition, z.ZodMiniType>()

/**
 * The zod schema of a collection's whole typed row: its columns, and for a collection with kinds
 * the `data` of each kind (a union discriminated by `kind`).
 */
export function rowSchema<D extends CollectionDefinition>(def: D): z.ZodMiniType<RowOf<D>> {
  let schema = rowSchemas.get(def)
  if (!schema) {
    const variants = Object.entries(def.kinds ?? {}).map(([kind, data]) =>
      z.extend(def.row, { kind: z.literal(kind), data }),
    )
    const [first, ...rest] = variants
    schema = first ? z.discriminatedUnion('kind', [first, ...rest]) : def.row
    rowSchemas.set(def, schema)
  }
  // The union is assembled from the definition's entries at run time, which TypeScript cannot
  // follow; RowOf states the same shape, and sync/contract/collections/rows.test.ts checks they agree.
  return schema as unknown as z.ZodMiniType<RowOf<D>>
}

export type RowCheck<D extends CollectionDefinition> =
  { ok: true; row: RowOf<D> } | { ok: false; issues: string[] }

/**
 * Checks a row and the `data` of its kind. Answers the parsed row (unknown fields dropped,
 * defaults filled, text trimmed where the schema says so), or the issues as readable strings.
 */
export function checkRow<D extends CollectionDefinition>(def: D, row: unknown): RowCheck<D> {
  const kind = (row as { kind?: unknown } | null)?.kind
  if (def.kinds && typeof kind === 'string' && !Object.hasOwn(def.kinds, kind))
    return { ok: false, issues: [`kind: unknown kind ${kind}`] }
  const parsed = rowSchema(def).safeParse(row)
  if (parsed.success) return { ok: true, row: parsed.data }
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`),
  }
}

/** Validates a row and the `data` of its kind. Returns the issues as readable strings. */
export function validateRow(def: CollectionDefinition, row: unknown): string[] {
  const checked = checkRow(def, row)
  return checked.ok ? [] : checked.issues
}

/** A row made from what a person entered: parsed, or refused with a readable error. */
export function parseRow<D extends CollectionDefinition>(def: D, row: unknown): RowOf<D> {
  const checked = checkRow(def, row)
  if (!checked.ok)
    throw new Error(`This ${def.name} record is not valid: ${checked.issues.join('; ')}`)
  return checked.row
}

/** Collections a role's devices open. */
export function collectionsFor<D extends CollectionDefinition>(
  defs: readonly D[],
  role: AppRole | null,
): D[] {
  if (!role) return []
  return defs.filter((d) => d.roles.includes(role))
}

/** Columns whose stored value is the server's: compared as the server holds them, never lost. */
export function serverSetColumns(def: {
  serverColumns: readonly string[]
  keptColumns?: readonly string[]
}): readonly string[] {
  return def.keptColumns ? [...def.serverColumns, ...def.keptColumns] : def.serverColumns
}
