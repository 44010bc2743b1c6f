// /storage/v1 as storage-js 2.109 calls it: upload, download, list, delete, signed URLs. Object
// rows are read and written as the calling role (deps.withAuth), so the bucket policies on
// storage.objects decide exactly as on Supabase; bytes live on disk under <dataDir>/storage.
// Errors use storage-api's shape and its habit of answering 400 with the real code in
// `statusCode` (413 is sent as is, as the proxy in front of Supabase Storage does).
import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { Hono, type Context } from 'hono'
import { HttpError, type HostDeps, type RequestAuth } from './deps.ts'
import { readJsonObject } from './http.ts'
import { readUpload, type Bucket, type Upload } from './storage-upload.ts'
import { ObjectFiles, etagOf, isValidBucketId, isValidName } from './storage-files.ts'
import { StorageError, signToken, storageErrors as E, verifyToken } from './storage-errors.ts'
import { listObjects } from './storage-list.ts'

interface ObjectRow {
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

type Mode = 'insert' | 'upsert' | 'update'
const SERVICE: RequestAuth = { role: 'service_role', claims: { role: 'service_role' } }
const UPLOAD_URL_SECONDS = 2 * 60 * 60
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Bucket and object name after `/object/<words>/` in the request path. */
function target(c: Context, words = ''): { bucket: string; name: string } {
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

function objectTarget(c: Context, words = '') {
  const t = target(c, words)
  if (!isValidName(t.name)) throw E.invalidKey(t.name)
  return t
}

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    return await readJsonObject(c.req.raw)
  } catch (error) {
    if (error instanceof HttpError) throw E.badRequest(error.message)
    throw error
  }
}

function pgCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code
  return typeof code === 'string' ? code : undefined
}

export function storageRoutes(deps: HostDeps & { dataDir?: string }): Hono {
  const files = new ObjectFiles(deps.dataDir)
  const app = new Hono()

  app.onError((error, c) => {
    if (error instanceof StorageError) return c.json(error.body, error.httpStatus as 400)
    if (error instanceof HttpError) {
      const jwt = error.code === 'bad_jwt' || error.code === 'jwt_expired'
      return jwt ? c.json(E.invalidJwt(error.message).body, 400) : error.toResponse()
    }
    if (pgCode(error) === '42501') return c.json(E.denied('new row violates row-level security policy').body, 400)
    if (pgCode(error) === '23505') return c.json(E.duplicate().body, 400)
    console.error('storage:', error)
    return c.json({ statusCode: '500', error: 'internal', message: 'Internal Server Error' }, 500)
  })

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
      tx.query<ObjectRow>(`select * from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]),
    )
    if (!rows[0]) throw E.notFound()
    return rows[0]
  }

  async function store(auth: RequestAuth, owner: unknown, bucket: string, name: string, up: Upload, mode: Mode) {
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
    const values = [bucket, name, ownerId, JSON.stringify(metadata), JSON.stringify(up.userMetadata), crypto.randomUUID()]
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
           ${upsert ? `on conflict (bucket_id, name) do update set owner = excluded.owner,
             owner_id = excluded.owner_id, metadata = excluded.metadata,
             user_metadata = excluded.user_metadata, version = excluded.version,
             last_accessed_at = now() returning id` : ''}`,
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
      headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
    }
    if (meta.eTag && c.req.header('if-none-match') === meta.eTag) return new Response(null, { status: 304, headers })
    if (c.req.method === 'HEAD') return new Response(null, { headers })
    const stream = Readable.toWeb(createReadStream(files.pathOf(row.bucket_id, row.name)))
    return new Response(stream as ReadableStream<Uint8Array>, { headers })
  }

  app.post('/object/list/:bucket', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket } = target(c, 'list/')
    const body = await jsonBody(c)
    return c.json(await listObjects(deps, auth, bucket, body))
  })

  app.post('/object/sign/:bucket', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket } = target(c, 'sign/')
    const body = await jsonBody(c)
    const expiresIn = Number(body.expiresIn)
    const paths = body.paths
    if (!(expiresIn >= 1) || !Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) {
      throw E.badRequest('expiresIn and paths are required')
    }
    const visible = await deps.withAuth(auth, (tx) =>
      tx.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name = any($2::text[])`, [
        bucket,
        paths,
      ]),
    )
    const names = new Set(visible.map((r) => r.name))
    return c.json(
      await Promise.all(
        (paths as string[]).map(async (path) =>
          names.has(path)
            ? { error: null, path, signedURL: await signedUrl(bucket, path, expiresIn) }
            : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
        ),
      ),
    )
  })

  const signedUrl = async (bucket: string, name: string, expiresIn: number) =>
    `/object/sign/${bucket}/${name}?token=${await signToken(deps.keys.jwtSecret, { url: `${bucket}/${name}` }, expiresIn)}`

  app.post('/object/sign/:bucket/*', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket, name } = objectTarget(c, 'sign/')
    const expiresIn = Number((await jsonBody(c)).expiresIn)
    if (!(expiresIn >= 1)) throw E.badRequest('expiresIn must be a positive number of seconds')
    await findAs(auth, bucket, name)
    return c.json({ signedURL: await signedUrl(bucket, name, Math.floor(expiresIn)) })
  })

  app.get('/object/sign/:bucket/*', async (c) => {
    const { bucket, name } = objectTarget(c, 'sign/')
    const claims = await verifyToken(deps.keys.jwtSecret, c.req.query('token'))
    if (claims.upload !== undefined || claims.url !== `${bucket}/${name}`) throw E.invalidSignature()
    return send(c, await findAs(SERVICE, bucket, name))
  })

  app.post('/object/upload/sign/:bucket/*', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket, name } = objectTarget(c, 'upload/sign/')
    await bucketOf(bucket)
    const upsert = c.req.header('x-upsert') === 'true'
    // Ask the policies now, in a transaction that is then rolled back, so a person cannot obtain
    // an upload URL for a place they may not write to.
    const probe = new Error('probe')
    await deps
      .withAuth(auth, async (tx) => {
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3)
           ${upsert ? 'on conflict (bucket_id, name) do update set last_accessed_at = now()' : ''}`,
          [bucket, name, typeof auth.claims.sub === 'string' && UUID.test(auth.claims.sub) ? auth.claims.sub : null],
        )
        throw probe
      })
      .catch((error: unknown) => {
        if (error !== probe) throw error
      })
    const claims = { url: `${bucket}/${name}`, owner: auth.claims.sub ?? null, upsert, upload: true }
    const token = await signToken(deps.keys.jwtSecret, claims, UPLOAD_URL_SECONDS)
    return c.json({ url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token })
  })

  app.put('/object/upload/sign/:bucket/*', async (c) => {
    const { bucket, name } = objectTarget(c, 'upload/sign/')
    const claims = await verifyToken(deps.keys.jwtSecret, c.req.query('token'))
    if (claims.upload !== true || claims.url !== `${bucket}/${name}`) throw E.invalidSignature()
    const up = await readUpload(c.req.raw, await bucketOf(bucket))
    const id = await store(SERVICE, claims.owner, bucket, name, up, claims.upsert === true ? 'upsert' : 'insert')
    return c.json({ Id: id, Key: `${bucket}/${name}` })
  })

  app.get('/object/info/*', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const scope = /\/object\/info\/(public|authenticated)\//.exec(new URL(c.req.url).pathname)?.[1]
    const words = scope ? `info/${scope}/` : 'info/'
    const { bucket, name } = objectTarget(c, words)
    const row = await findAs(auth, bucket, name)
    const meta = row.metadata ?? {}
    return c.json({
      id: row.id,
      version: row.version,
      name: row.name,
      bucket_id: row.bucket_id,
      created_at: row.created_at,
      updated_at: row.updated_at,
      last_accessed_at: row.last_accessed_at,
      size: meta.size,
      cache_control: meta.cacheControl,
      content_type: meta.mimetype,
      etag: meta.eTag,
      last_modified: row.updated_at,
      metadata: row.user_metadata ?? {},
    })
  })

  app.get('/object/public/:bucket/*', async (c) => {
    const { bucket, name } = objectTarget(c, 'public/')
    if (!(await bucketOf(bucket)).public) throw E.notFound()
    return send(c, await findAs(SERVICE, bucket, name))
  })

  app.get('/object/authenticated/:bucket/*', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket, name } = objectTarget(c, 'authenticated/')
    return send(c, await findAs(auth, bucket, name))
  })

  app.get('/object/:bucket/*', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket, name } = objectTarget(c)
    return send(c, await findAs(auth, bucket, name))
  })

  app.on(['POST', 'PUT'], '/object/:bucket/*', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket, name } = objectTarget(c)
    const up = await readUpload(c.req.raw, await bucketOf(bucket))
    const mode: Mode = c.req.method === 'PUT' ? 'update' : c.req.header('x-upsert') === 'true' ? 'upsert' : 'insert'
    const owner = auth.role === 'service_role' ? null : auth.claims.sub
    const id = await store(auth, owner, bucket, name, up, mode)
    return c.json({ Id: id, Key: `${bucket}/${name}` })
  })

  async function removeAs(auth: RequestAuth, bucket: string, names: string[]): Promise<ObjectRow[]> {
    const rows = await deps.withAuth(auth, (tx) =>
      tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *`, [
        bucket,
        names,
      ]),
    )
    // After commit: a file left behind by a failed unlink is harmless, a row without its file is not.
    await Promise.all(rows.map((r) => files.remove(r.bucket_id, r.name)))
    return rows
  }

  app.delete('/object/:bucket', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket } = target(c)
    const prefixes = (await jsonBody(c)).prefixes
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
      throw E.badRequest('prefixes must be a list of 1 to 1000 object names')
    }
    const names = prefixes.filter((p): p is string => typeof p === 'string' && isValidName(p))
    return c.json(await removeAs(auth, bucket, names))
  })

  app.delete('/object/:bucket/*', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket, name } = objectTarget(c)
    if ((await removeAs(auth, bucket, [name])).length === 0) throw E.notFound()
    return c.json({ message: 'Successfully deleted' })
  })

  app.all('*', () => {
    throw new StorageError(404, '404', 'not_found', 'Route not found')
  })

  return app
}
