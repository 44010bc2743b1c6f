// The object half of /storage/v1 shared by its routes: reading the bucket and object named by a
// request, writing and reading rows as the caller (so the bucket policies decide) and sending
// the bytes back with storage's headers.
import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { TEXT_PROBLEM_MESSAGES, textProblem } from '../functions/_shared/input.ts'
import { HttpError, type HostDeps, type RequestAuth } from './deps.ts'
import { readJsonObject } from './http.ts'
import { StorageError, storageErrors as E } from './storage-errors.ts'
import { etagOf, isValidBucketId, isValidName, type ObjectFiles } from './storage-files.ts'
import type { Bucket, Upload } from './storage-upload.ts'

export interface ObjectRow {
  id: string
  name: string
  bucket_id: string
  owner: string | null
  owner_id: string | null
  metadata: Record<string, unknown> | null
  user_metadata: Record<string, unknown> | null
  version: string | null
  created_at: string
  updated_at: string
  last_accessed_at: string
}

export type Mode = 'insert' | 'upsert' | 'update'
export const SERVICE: RequestAuth = { role: 'service_role', claims: { role: 'service_role' } }
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Bucket and object name after `/object/<words>/` in the request path. */
export function target(c: Context, words = ''): { bucket: string; name: string } {
  const path = new URL(c.req.url).pathname
  const rest = path.slice(path.indexOf('/object/') + '/object/'.length + words.length)
  const slash = rest.indexOf('/')
  try {
    const bucket = decodeURIComponent(slash < 0 ? rest : rest.slice(0, slash))
    const name = slash < 0 ? '' : decodeURIComponent(rest.slice(slash + 1))
    if (!isValidBucketId(bucket)) throw E.bucketNotFound()
    return { bucket, name }
  } catch (error) {
    if (error instanceof StorageError) throw error
    throw E.invalidKey(rest)
  }
}

export function objectTarget(c: Context, words = '') {
  const t = target(c, words)
  if (!isValidName(t.name)) throw E.invalidKey(t.name)
  return t
}

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  let body: Record<string, unknown>
  try {
    body = await readJsonObject(c.req.raw)
  } catch (error) {
    if (error instanceof HttpError) throw E.badRequest(error.message)
    throw error
  }
  // Text PostgreSQL cannot hold (NUL, half a UTF-16 pair): refused here, not failed in the database.
  const problem = textProblem(body)
  if (problem === 'nul') throw E.badRequest('Text must not contain the NUL character (\\u0000)')
  if (problem) throw E.badRequest(TEXT_PROBLEM_MESSAGES[problem])
  return body
}

export function pgCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code
  return typeof code === 'string' ? code : undefined
}

export type ObjectStore = ReturnType<typeof objectStore>

export function objectStore(deps: HostDeps, files: ObjectFiles) {
  async function bucketOf(id: string): Promise<Bucket> {
    const rows = await deps.db.query<Bucket>(
      `select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
      [id],
    )
    if (!rows[0]) throw E.bucketNotFound()
    return rows[0]
  }

  async function findAs(auth: RequestAuth, bucket: string, name: string): Promise<ObjectRow> {
    const rows = await deps.withAuth(auth, (tx) =>
      tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [
        bucket,
        name,
      ]),
    )
    if (!rows[0]) throw E.notFound()
    return rows[0]
  }

  async function store(
    auth: RequestAuth,
    owner: unknown,
    bucket: string,
    name: string,
    up: Upload,
    mode: Mode,
  ) {
    const ownerId = typeof owner === 'string' && UUID.test(owner) ? owner : null
    const metadata = {
      eTag: etagOf(up.bytes),
      size: up.bytes.byteLength,
      mimetype: up.mime,
      cacheControl: up.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: up.bytes.byteLength,
      httpStatusCode: 200,
    }
    const values = [
      bucket,
      name,
      ownerId,
      JSON.stringify(metadata),
      JSON.stringify(up.userMetadata),
      crypto.randomUUID(),
    ]
    return deps.withAuth(auth, async (tx) => {
      let id = values[5] as string
      if (mode === 'update') {
        const rows = await tx.query<{ id: string }>(
          `update storage.objects set owner = $3::uuid, owner_id = $3, metadata = $4::jsonb,
                  user_metadata = $5::jsonb, version = $6, last_accessed_at = now()
            where bucket_id = $1 and name = $2 returning id`,
          values,
        )
        if (!rows[0]) throw E.notFound()
        id = rows[0].id
      } else {
        // Plain inserts return nothing, so uploading needs only an insert policy, as on Supabase.
        const upsert = mode === 'upsert'
        const rows = await tx.query<{ id: string }>(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($6::uuid, $1, $2, $3::uuid, $3, $4::jsonb, $5::jsonb, $6)
           ${
             upsert
               ? `on conflict (bucket_id, name) do update set owner = excluded.owner,
             owner_id = excluded.owner_id, metadata = excluded.metadata,
             user_metadata = excluded.user_metadata, version = excluded.version,
             last_accessed_at = now() returning id`
               : ''
           }`,
          values,
        )
        if (upsert && rows[0]) id = rows[0].id
      }
      // Inside the transaction: if the bytes cannot be written, the row is not kept either.
      await files.write(bucket, name, up.bytes)
      return id
    })
  }

  async function send(c: Context, row: ObjectRow): Promise<Response> {
    const size = await files.size(row.bucket_id, row.name)
    if (size === null) throw E.notFound()
    const meta = row.metadata ?? {}
    const headers = new Headers({
      'content-type': String(meta.mimetype ?? 'application/octet-stream'),
      'content-length': String(size),
      'cache-control': String(meta.cacheControl ?? 'no-cache'),
      'last-modified': new Date(row.updated_at).toUTCString(),
      'x-content-type-options': 'nosniff',
    })
    if (typeof meta.eTag === 'string') headers.set('etag', meta.eTag)
    const download = c.req.query('download')
    if (download !== undefined) {
      const filename = download || row.name.split('/').pop()!
      headers.set(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      )
    }
    if (meta.eTag && c.req.header('if-none-match') === meta.eTag)
      return new Response(null, { status: 304, headers })
    if (c.req.method === 'HEAD') return new Response(null, { headers })
    const stream = Readable.toWeb(createReadStream(files.pathOf(row.bucket_id, row.name)))
    return new Response(stream as ReadableStream<Uint8Array>, { headers })
  }

  async function removeAs(
    auth: RequestAuth,
    bucket: string,
    names: string[],
  ): Promise<ObjectRow[]> {
    const rows = await deps.withAuth(auth, (tx) =>
      tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *`,
        [bucket, names],
      ),
    )
    // After commit: a file left behind by a failed unlink is harmless, a row without its file is not.
    await Promise.all(rows.map((r) => files.remove(r.bucket_id, r.name)))
    return rows
  }

  return { bucketOf, findAs, store, send, removeAs }
}
