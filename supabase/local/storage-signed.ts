// Signed URLs of /storage/v1: links that let anyone holding them download one object for a
// while, and upload URLs that let a person send one file to a place the policies let them write.
import type { Hono } from 'hono'
import type { HostDeps } from './deps.ts'
import { signToken, storageErrors as E, verifyToken } from './storage-errors.ts'
import {
  jsonBody,
  objectTarget,
  SERVICE,
  target,
  UUID,
  type ObjectStore,
} from './storage-objects.ts'
import { readUpload } from './storage-upload.ts'

const UPLOAD_URL_SECONDS = 2 * 60 * 60

export function signedRoutes(app: Hono, deps: HostDeps, objects: ObjectStore): void {
  const { bucketOf, findAs, store, send } = objects

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
      tx.query<{ name: string }>(
        `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
        [bucket, paths],
      ),
    )
    const names = new Set(visible.map((r) => r.name))
    return c.json(
      await Promise.all(
        (paths as string[]).map(async (path) =>
          names.has(path)
            ? { error: null, path, signedURL: await signedUrl(bucket, path, expiresIn) }
            : {
                error: 'Either the object does not exist or you do not have access to it',
                path,
                signedURL: null,
              },
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
    if (claims.upload !== undefined || claims.url !== `${bucket}/${name}`)
      throw E.invalidSignature()
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
          [
            bucket,
            name,
            typeof auth.claims.sub === 'string' && UUID.test(auth.claims.sub)
              ? auth.claims.sub
              : null,
          ],
        )
        throw probe
      })
      .catch((error: unknown) => {
        if (error !== probe) throw error
      })
    const claims = {
      url: `${bucket}/${name}`,
      owner: auth.claims.sub ?? null,
      upsert,
      upload: true,
    }
    const token = await signToken(deps.keys.jwtSecret, claims, UPLOAD_URL_SECONDS)
    return c.json({ url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token })
  })

  app.put('/object/upload/sign/:bucket/*', async (c) => {
    const { bucket, name } = objectTarget(c, 'upload/sign/')
    const claims = await verifyToken(deps.keys.jwtSecret, c.req.query('token'))
    if (claims.upload !== true || claims.url !== `${bucket}/${name}`) throw E.invalidSignature()
    const up = await readUpload(c.req.raw, await bucketOf(bucket))
    const id = await store(
      SERVICE,
      claims.owner,
      bucket,
      name,
      up,
      claims.upsert === true ? 'upsert' : 'insert',
    )
    return c.json({ Id: id, Key: `${bucket}/${name}` })
  })
}
