// POST /object/list/:bucket: one level of a bucket under a prefix, folders first-class as
// storage.search() returns them (a folder is a name with no id), read as the caller so the
// bucket's select policies decide what is listed.
import type { HostDeps, RequestAuth } from './deps.ts'
import { storageErrors as E } from './storage-errors.ts'

interface Row {
  id: string
  name: string
  created_at: Date | string
  updated_at: Date | string
  last_accessed_at: Date | string
  metadata: Record<string, unknown> | null
}

interface Entry {
  name: string
  id: string | null
  created_at: string | null
  updated_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

const COLUMNS = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at'])

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : v)
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`)

export async function listObjects(
  deps: HostDeps,
  auth: RequestAuth,
  bucket: string,
  body: Record<string, unknown>,
): Promise<Entry[]> {
  const rawPrefix = body.prefix ?? ''
  const limit = Number(body.limit ?? 100)
  const offset = Number(body.offset ?? 0)
  const search = body.search ?? ''
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  const column = sortBy.column ?? 'name'
  const order = sortBy.order ?? 'asc'
  if (
    typeof rawPrefix !== 'string' ||
    typeof search !== 'string' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > 1000 ||
    !Number.isInteger(offset) ||
    offset < 0 ||
    typeof column !== 'string' ||
    !COLUMNS.has(column) ||
    (order !== 'asc' && order !== 'desc')
  ) {
    throw E.badRequest('Invalid list options')
  }
  const prefix = rawPrefix === '' || rawPrefix.endsWith('/') ? rawPrefix : `${rawPrefix}/`
  const rows = await deps.withAuth(auth, (tx) =>
    tx.query<Row>(
      `select id, name, created_at, updated_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and name like $2 escape '\\'`,
      [bucket, `${likeEscape(prefix)}%`],
    ),
  )
  const entries = new Map<string, Entry>()
  for (const row of rows) {
    const rest = row.name.slice(prefix.length)
    const slash = rest.indexOf('/')
    const name = slash < 0 ? rest : rest.slice(0, slash)
    if (search && !name.toLowerCase().includes(search.toLowerCase())) continue
    if (slash >= 0) {
      if (!entries.has(`d:${name}`)) {
        entries.set(`d:${name}`, {
          name,
          id: null,
          created_at: null,
          updated_at: null,
          last_accessed_at: null,
          metadata: null,
        })
      }
    } else {
      entries.set(`f:${name}`, {
        name,
        id: row.id,
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
        last_accessed_at: iso(row.last_accessed_at),
        metadata: row.metadata,
      })
    }
  }
  const key = column as keyof Entry
  const sorted = [...entries.values()].sort((a, b) => {
    const x = String(a[key] ?? '')
    const y = String(b[key] ?? '')
    const byColumn = x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0
    return order === 'asc' ? byColumn : -byColumn
  })
  return sorted.slice(offset, offset + limit)
}
