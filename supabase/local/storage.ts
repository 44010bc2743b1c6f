// /storage/v1 as storage-js 2.109 calls it: upload, download, list, delete, signed URLs. Object
// rows are read and written as the calling role (deps.withAuth), so the bucket policies on
// storage.objects decide exactly as on Supabase; bytes live on disk under <dataDir>/storage.
// Errors use storage-api's shape and its habit of answering 400 with the real code in
// `statusCode` (413 is sent as is, as the proxy in front of Supabase Storage does).
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { HttpError, type HostDeps } from './deps.ts'
import { StorageError, storageErrors as E } from './storage-errors.ts'
import { ObjectFiles, isValidName } from './storage-files.ts'
import { listObjects } from './storage-list.ts'
import {
  jsonBody,
  objectStore,
  objectTarget,
  pgCode,
  SERVICE,
  target,
  type Mode,
} from './storage-objects.ts'
import { signedRoutes } from './storage-signed.ts'
import { readUpload } from './storage-upload.ts'

/** Files the demo seed names in storage.objects, by bucket and path. */
const SEED_FILES = fileURLToPath(new URL('../seed/files/', import.meta.url))

/**
 * Puts the bytes of seeded objects in place: each file under supabase/seed/files/<bucket>/<name>
 * whose object row exists (the SQL seed made it) and whose bytes are not on disk yet.
 */
async function restoreSeededFiles(deps: HostDeps, files: ObjectFiles): Promise<void> {
  const found: string[] = []
  const walk = async (dir: string, prefix: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}/`)
      else found.push(`${prefix}${entry.name}`)
    }
  }
  await walk(SEED_FILES, '')
  for (const path of found) {
    const [bucket, ...rest] = path.split('/')
    const name = rest.join('/')
    if (!bucket || !isValidName(name) || (await files.size(bucket, name)) !== null) continue
    const rows = await deps.db.query(
      'select 1 from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    )
    if (rows.length > 0) await files.write(bucket, name, await readFile(join(SEED_FILES, path)))
  }
}

export function storageRoutes(deps: HostDeps & { dataDir?: string }): Hono {
  const files = new ObjectFiles(deps.dataDir)
  const objects = objectStore(deps, files)
  const { bucketOf, findAs, store, send, removeAs } = objects
  const app = new Hono()
  const restored = restoreSeededFiles(deps, files).catch((error: unknown) =>
    console.error('storage: the seeded files could not be put in place:', error),
  )
  app.use('*', async (_c, next) => {
    await restored
    await next()
  })

  app.onError((error, c) => {
    if (error instanceof StorageError) return c.json(error.body, error.httpStatus as 400)
    if (error instanceof HttpError) {
      const jwt = error.code === 'bad_jwt' || error.code === 'jwt_expired'
      return jwt ? c.json(E.invalidJwt(error.message).body, 400) : error.toResponse()
    }
    if (pgCode(error) === '42501')
      return c.json(E.denied('new row violates row-level security policy').body, 400)
    if (pgCode(error) === '23505') return c.json(E.duplicate().body, 400)
    console.error('storage:', error)
    return c.json({ statusCode: '500', error: 'internal', message: 'Internal Server Error' }, 500)
  })

  app.post('/object/list/:bucket', async (c) => {
    const auth = await deps.authenticate(c.req.raw)
    const { bucket } = target(c, 'list/')
    const body = await jsonBody(c)
    return c.json(await listObjects(deps, auth, bucket, body))
  })

  signedRoutes(app, deps, objects)

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
    const mode: Mode =
      c.req.method === 'PUT' ? 'update' : c.req.header('x-upsert') === 'true' ? 'upsert' : 'insert'
    const owner = auth.role === 'service_role' ? null : auth.claims.sub
    const id = await store(auth, owner, bucket, name, up, mode)
    return c.json({ Id: id, Key: `${bucket}/${name}` })
  })

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
