// The disk and byte-level half of /storage/v1: where an object's bytes live, reading request
// bodies under a size cap, and checking that the bytes are what the declared type says.
import { createHash, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve, sep } from 'node:path'

/** Supabase's default per-file limit; a bucket may only lower it. */
export const GLOBAL_FILE_LIMIT = 50 * 1024 * 1024
// An oversized body is read to its end (so the client gets the 413) only up to this much.
const DRAIN_LIMIT = 256 * 1024 * 1024

// One exit hook for all in-memory hosts of a process (tests start many).
const temporaryRoots = new Set<string>()

const BUCKET_ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,62}$/

/** Object names as storage accepts them, minus anything that could climb out of the bucket. */
export function isValidName(name: string): boolean {
  if (name.length === 0 || name.length > 1024) return false
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return false
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
}

export const isValidBucketId = (id: string) => BUCKET_ID.test(id)

/** Buckets renamed by a migration, old id to new (20261126000500_images_bucket.sql). */
export const RENAMED_BUCKETS: Record<string, string> = { public: 'images' }

/** Files follow their rows: a renamed bucket's folder takes the new name, once. */
export function moveRenamedBuckets(root: string): void {
  for (const [from, to] of Object.entries(RENAMED_BUCKETS)) {
    const source = join(root, from)
    if (existsSync(source) && !existsSync(join(root, to))) renameSync(source, join(root, to))
  }
}

export class ObjectFiles {
  readonly root: string

  constructor(dataDir?: string) {
    if (dataDir) {
      this.root = resolve(dataDir, 'storage')
      mkdirSync(this.root, { recursive: true })
      moveRenamedBuckets(this.root)
    } else {
      // In-memory hosts keep files only as long as the process.
      this.root = mkdtempSync(join(tmpdir(), 'local-storage-'))
      temporaryRoots.add(this.root)
      if (temporaryRoots.size === 1) {
        process.once('exit', () => {
          for (const root of temporaryRoots) rmSync(root, { recursive: true, force: true })
        })
      }
    }
  }

  pathOf(bucket: string, name: string): string {
    if (!isValidBucketId(bucket) || !isValidName(name)) throw new Error('invalid object path')
    const bucketDir = resolve(this.root, bucket)
    const full = resolve(bucketDir, ...name.split('/'))
    if (!full.startsWith(bucketDir + sep)) throw new Error('invalid object path')
    return full
  }

  /** Writes beside the target and renames, so a reader never sees half a file. */
  async write(bucket: string, name: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(bucket, name)
    const staging = join(this.root, '.uploads')
    await mkdir(staging, { recursive: true })
    const temp = join(staging, randomUUID())
    await writeFile(temp, bytes)
    try {
      await mkdir(dirname(target), { recursive: true })
      await rename(temp, target)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
  }

  async size(bucket: string, name: string): Promise<number | null> {
    try {
      const s = await stat(this.pathOf(bucket, name))
      return s.isFile() ? s.size : null
    } catch {
      return null
    }
  }

  async remove(bucket: string, name: string): Promise<void> {
    await unlink(this.pathOf(bucket, name)).catch(() => {})
  }
}

export type BodyResult = { ok: true; bytes: Uint8Array } | { ok: false }

/**
 * Reads a request body, giving up once it passes `cap` bytes. The rest is read and dropped (up to
 * a bound) because a client still sending would otherwise see a reset instead of the answer.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<BodyResult> {
  if (!body) return { ok: true, bytes: new Uint8Array(0) }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > cap) {
      if (total > DRAIN_LIMIT) {
        await reader.cancel().catch(() => {})
        return { ok: false }
      }
      chunks.length = 0
      continue
    }
    chunks.push(value)
  }
  if (total > cap) return { ok: false }
  return { ok: true, bytes: Buffer.concat(chunks) }
}

export const baseMime = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase()

/** Storage's rule: `image/*` allows any image subtype; no list allows everything. */
export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  const [type, subtype] = baseMime(mime).split('/')
  return allowed.some((rule) => {
    const [t, s] = rule.trim().toLowerCase().split('/')
    return t === type && (s === '*' || s === subtype)
  })
}

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0))

const TEXT_LIKE = /^(text\/.+|application\/(json|xml|javascript|csv)|.+\+(json|xml))$/

/**
 * Whether the bytes can be what `mime` claims. Formats with a signature must carry it; text must
 * be UTF-8 without NUL bytes. Other types are not inspected (the bucket's type list decides).
 */
export function contentMatches(mime: string, bytes: Uint8Array): boolean {
  const m = baseMime(mime)
  switch (m) {
    case 'image/png':
      return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)
    case 'image/jpeg':
    case 'image/jpg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
    case 'image/gif':
      return ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')
    case 'image/webp':
      return ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')
    case 'application/pdf':
      // The PDF header may follow a little junk; readers look in the first kilobyte.
      return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')
  }
  if (TEXT_LIKE.test(m)) {
    if (bytes.includes(0)) return false
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      return true
    } catch {
      return false
    }
  }
  return true
}

export const etagOf = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`
