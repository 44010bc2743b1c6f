// Storage through the local host with supabase-js: upload (with progress), download, list,
// signed URLs, delete, the bucket policies, and the bucket rules (size, type, content).
import { request } from 'node:http'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { memberMaker, type Member } from './support/members.ts'

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'),
  Buffer.alloc(64, 7),
])
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')
const png = (bytes: Buffer = PNG) => new Blob([new Uint8Array(bytes)], { type: 'image/png' })

async function bytesOf(client: SupabaseClient, bucket: string, path: string): Promise<Buffer> {
  const { data, error } = await client.storage.from(bucket).download(path)
  if (error) throw error
  return Buffer.from(await data.arrayBuffer())
}

/** A body that reports how much of it the upload has consumed, as the app shows progress. */
function countingStream(bytes: Buffer, onProgress: (loaded: number, total: number) => void) {
  let offset = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      const chunk = bytes.subarray(offset, offset + 64 * 1024)
      offset += chunk.length
      controller.enqueue(new Uint8Array(chunk))
      onProgress(offset, bytes.length)
    },
  })
}

function rawRequest(url: string, method: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe.each(testDatabases())('storage on $name', (database) => {
  let h: TestHost
  let member: (role: string) => Promise<Member>
  let staff: Member
  let ana: Member
  let ben: Member

  beforeAll(async () => {
    // Seeded: the family folders belong to the demo centre's families and their guardians.
    h = await startTestHost({ database })
    member = memberMaker(h)
    staff = await member('administration')
    ana = await member('guardian')
    ben = await member('guardian')
  })
  afterAll(async () => {
    await h?.stop()
  })

  /** A demo account of the seeded centre, signed in. */
  const demo = async (email: string, password: string) => {
    const client = h.client()
    const { error } = await client.auth.signInWithPassword({ email, password })
    if (error) throw error
    return client
  }

  it('uploads, lists, downloads, signs and deletes a document', async () => {
    const docs = staff.client.storage.from('documents')
    const up = await docs.upload(
      'inquiries/42/birth-certificate.pdf',
      new Blob([PDF], { type: 'application/pdf' }),
    )
    expect(up.error).toBeNull()
    expect(up.data).toMatchObject({
      path: 'inquiries/42/birth-certificate.pdf',
      fullPath: 'documents/inquiries/42/birth-certificate.pdf',
    })

    const listed = await docs.list('inquiries/42')
    expect(listed.data?.map((f) => [f.name, f.metadata?.size, f.metadata?.mimetype])).toEqual([
      ['birth-certificate.pdf', PDF.length, 'application/pdf'],
    ])
    expect((await docs.list('inquiries')).data?.map((f) => [f.name, f.id])).toEqual([['42', null]])
    expect(await bytesOf(staff.client, 'documents', 'inquiries/42/birth-certificate.pdf')).toEqual(
      PDF,
    )
    expect((await docs.info('inquiries/42/birth-certificate.pdf')).data).toMatchObject({
      size: PDF.length,
      contentType: 'application/pdf',
    })
    expect((await docs.exists('inquiries/42/birth-certificate.pdf')).data).toBe(true)

    const signed = await docs.createSignedUrl('inquiries/42/birth-certificate.pdf', 60)
    expect(signed.error).toBeNull()
    const viaLink = await fetch(signed.data!.signedUrl)
    expect(viaLink.status).toBe(200)
    expect(viaLink.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await viaLink.arrayBuffer())).toEqual(PDF)
    const tampered = await fetch(signed.data!.signedUrl.replace('birth-certificate', 'other'))
    expect(tampered.status).toBe(400)

    const removed = await docs.remove(['inquiries/42/birth-certificate.pdf'])
    expect(removed.data?.map((f) => f.name)).toEqual(['inquiries/42/birth-certificate.pdf'])
    const gone = await docs.download('inquiries/42/birth-certificate.pdf')
    expect(gone.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
    expect((await fetch(signed.data!.signedUrl)).status).toBe(400)
  })

  it('reports upload progress and stores exactly what was sent', async () => {
    const photo = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024, 1)])
    const docs = ana.client.storage.from('documents')
    const target = await docs.createSignedUploadUrl(`${ana.id}/passport.png`)
    expect(target.error).toBeNull()
    const events: number[] = []
    const body = countingStream(photo, (loaded) => events.push(loaded))
    const up = await docs.uploadToSignedUrl(`${ana.id}/passport.png`, target.data!.token, body, {
      contentType: 'image/png',
    })
    expect(up.error).toBeNull()
    expect(events.length).toBeGreaterThan(10)
    expect(events).toEqual([...events].sort((a, b) => a - b))
    expect(events.at(-1)).toBe(photo.length)
    // Buffer.equals: a deep comparison of 3 MB would stall the event loop for seconds.
    expect((await bytesOf(ana.client, 'documents', `${ana.id}/passport.png`)).equals(photo)).toBe(
      true,
    )
    const [row] = await h.db.query<{ owner_id: string }>(
      `select owner_id from storage.objects where bucket_id = 'documents' and name = $1`,
      [`${ana.id}/passport.png`],
    )
    expect(row?.owner_id).toBe(ana.id)
  })

  it("keeps a member out of another member's folder, and lets staff in", async () => {
    const anaDocs = ana.client.storage.from('documents')
    expect((await anaDocs.upload(`${ana.id}/aadhaar.png`, png())).error).toBeNull()

    const benDocs = ben.client.storage.from('documents')
    expect((await benDocs.download(`${ana.id}/aadhaar.png`)).error).toMatchObject({
      statusCode: '404',
    })
    expect((await benDocs.createSignedUrl(`${ana.id}/aadhaar.png`, 60)).error).toMatchObject({
      statusCode: '404',
    })
    expect((await benDocs.list(ana.id)).data).toEqual([])
    expect((await benDocs.remove([`${ana.id}/aadhaar.png`])).data).toEqual([])
    const intrusion = await benDocs.upload(`${ana.id}/fake.png`, png())
    expect(intrusion.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
    expect(
      (await h.client().storage.from('documents').download(`${ana.id}/aadhaar.png`)).error,
    ).toMatchObject({ statusCode: '404' })

    expect(await bytesOf(staff.client, 'documents', `${ana.id}/aadhaar.png`)).toEqual(PNG)
    expect(await bytesOf(ana.client, 'documents', `${ana.id}/aadhaar.png`)).toEqual(PNG)
  })

  it("shares a family's folder with its guardians, keeps other families and students out, and lets staff in", async () => {
    const folder = 'families/demo-family-fernandes'
    const path = `${folder}/maria-aadhaar.pdf`
    const pdf = () => new Blob([PDF], { type: 'application/pdf' })
    const maria = await demo('guardian@demo.school', 'demo-guardian-1')
    const priya = await demo('parent-facilitator@demo.school', 'demo-parent-facilitator-1')
    const tiago = await demo('student@demo.school', 'demo-student-1')
    const office = await demo('administration@demo.school', 'demo-administration-1')

    const mariaDocs = maria.storage.from('documents')
    expect((await mariaDocs.upload(path, pdf())).error).toBeNull()
    expect((await mariaDocs.list(folder)).data?.map((f) => f.name)).toEqual(['maria-aadhaar.pdf'])
    expect(await bytesOf(maria, 'documents', path)).toEqual(PDF)

    // Another family's guardian: nothing to read, list, replace or remove, and no way in.
    const priyaDocs = priya.storage.from('documents')
    expect((await priyaDocs.download(path)).error).toMatchObject({ statusCode: '404' })
    expect((await priyaDocs.list(folder)).data).toEqual([])
    expect((await priyaDocs.update(path, pdf())).error).toMatchObject({ statusCode: '404' })
    expect((await priyaDocs.upload(path, pdf(), { upsert: true })).error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
    expect((await priyaDocs.remove([path])).data).toEqual([])
    expect((await priyaDocs.upload(`${folder}/fake.pdf`, pdf())).error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })

    // The family's student reads none of it; the office reads it.
    const tiagoDocs = tiago.storage.from('documents')
    expect((await tiagoDocs.download(path)).error).toMatchObject({ statusCode: '404' })
    expect((await tiagoDocs.list(folder)).data).toEqual([])
    expect((await tiagoDocs.upload(`${folder}/fake.pdf`, pdf())).error).toMatchObject({
      statusCode: '403',
    })
    expect(await bytesOf(office, 'documents', path)).toEqual(PDF)
    expect(await bytesOf(maria, 'documents', path)).toEqual(PDF)

    const removed = await mariaDocs.remove([path])
    expect(removed.data?.map((f) => f.name)).toEqual([path])
    expect((await mariaDocs.download(path)).error).toMatchObject({ statusCode: '404' })
    const [count] = await h.db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where name like 'families/%'`,
    )
    expect(count?.n).toBe(0)
  })

  it('replaces a file only when asked to', async () => {
    const docs = ana.client.storage.from('documents')
    const path = `${ana.id}/photo.png`
    expect((await docs.upload(path, png())).error).toBeNull()
    const second = Buffer.concat([PNG, Buffer.from('second')])
    expect((await docs.upload(path, png(second))).error).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    })
    expect(await bytesOf(ana.client, 'documents', path)).toEqual(PNG)
    expect((await docs.upload(path, png(second), { upsert: true })).error).toBeNull()
    expect(await bytesOf(ana.client, 'documents', path)).toEqual(second)
  })

  it('refuses a file over the bucket limit with storage’s 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])
    const { error } = await staff.client.storage
      .from('documents')
      .upload('limits/big.png', png(big))
    expect(error).toMatchObject({
      status: 413,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    })
    const raw = await rawRequest(
      `${h.url}/storage/v1/object/images/limits/raw.png`,
      'POST',
      {
        apikey: h.anonKey,
        authorization: `Bearer ${h.serviceRoleKey}`,
        'content-type': 'image/png',
      },
      Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
    )
    expect(raw.status).toBe(413)
    expect(JSON.parse(raw.body)).toEqual({
      statusCode: '413',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    })
    const [count] = await h.db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where name like 'limits/%'`,
    )
    expect(count?.n).toBe(0)
  })

  it('refuses types the bucket does not take and bytes that are not what they claim', async () => {
    const docs = staff.client.storage.from('documents')
    const text = await docs.upload('types/notes.txt', new Blob(['hello'], { type: 'text/plain' }))
    expect(text.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    })
    const fakePng = await docs.upload(
      'types/fake.png',
      new Blob(['<script>alert(1)</script>'], { type: 'image/png' }),
    )
    expect(fakePng.error).toMatchObject({ statusCode: '415' })
    const pngAsPdf = await docs.upload(
      'types/fake.pdf',
      new Blob([PNG], { type: 'application/pdf' }),
    )
    expect(pngAsPdf.error).toMatchObject({ statusCode: '415' })
    const [count] = await h.db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where name like 'types/%'`,
    )
    expect(count?.n).toBe(0)
  })

  it('serves the images bucket to anyone and lets only staff write to it', async () => {
    const pub = staff.client.storage.from('images')
    expect((await pub.upload('site/logo.png', png())).error).toBeNull()
    const url = h.client().storage.from('images').getPublicUrl('site/logo.png').data.publicUrl
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG)
    const byGuardian = await ana.client.storage.from('images').upload('site/mine.png', png())
    expect(byGuardian.error).toMatchObject({ statusCode: '403' })
    const privateViaPublicUrl = await fetch(
      h.client().storage.from('documents').getPublicUrl(`${ana.id}/aadhaar.png`).data.publicUrl,
    )
    expect(privateViaPublicUrl.status).toBe(400)
  })

  it('never reads or writes outside the bucket folder, and answers bad input in storage’s shape', async () => {
    const headers = {
      apikey: h.anonKey,
      authorization: `Bearer ${h.serviceRoleKey}`,
      'content-type': 'image/png',
    }
    const escape = await rawRequest(
      `${h.url}/storage/v1/object/documents/..%2F..%2Fescaped.png`,
      'POST',
      headers,
      PNG,
    )
    expect(escape.status).toBe(400)
    expect(JSON.parse(escape.body)).toMatchObject({ statusCode: '400', error: 'InvalidKey' })
    const read = await rawRequest(
      `${h.url}/storage/v1/object/documents/a%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      'GET',
      headers,
    )
    expect(JSON.parse(read.body)).toMatchObject({ error: 'InvalidKey' })
    const badJson = await rawRequest(
      `${h.url}/storage/v1/object/list/documents`,
      'POST',
      { ...headers, 'content-type': 'application/json' },
      Buffer.from('{oops'),
    )
    expect(badJson.status).toBe(400)
    expect(JSON.parse(badJson.body)).toMatchObject({ statusCode: '400', error: 'InvalidRequest' })
    const noKey = await rawRequest(`${h.url}/storage/v1/object/documents/x.png`, 'GET', {})
    expect(noKey.status).toBe(401)
    expect(
      (await staff.client.storage.from('no-such-bucket').upload('x.png', png())).error,
    ).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
  })
})
