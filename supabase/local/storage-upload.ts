// Turns an upload request (multipart form as storage-js sends a Blob, or a raw body) into bytes,
// a declared type and metadata, refusing what the bucket does not accept before anything is stored.
import {
  GLOBAL_FILE_LIMIT,
  baseMime,
  contentMatches,
  mimeAllowed,
  readCapped,
} from './storage-files.ts'
import { storageErrors as E } from './storage-errors.ts'

export interface Bucket {
  id: string
  public: boolean
  file_size_limit: string | number | null
  allowed_mime_types: string[] | null
}

export interface Upload {
  bytes: Uint8Array
  mime: string
  cacheControl: string
  userMetadata: Record<string, unknown>
}

// Room for the multipart boundaries and the small text fields around the file.
const FORM_OVERHEAD = 64 * 1024

function parseMetadata(text: string | null): Record<string, unknown> {
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, unknown>
  } catch {
    // reported below
  }
  throw E.badRequest('metadata must be a JSON object')
}

export async function readUpload(req: Request, bucket: Bucket): Promise<Upload> {
  const bucketLimit =
    bucket.file_size_limit === null ? GLOBAL_FILE_LIMIT : Number(bucket.file_size_limit)
  const limit = Math.min(bucketLimit, GLOBAL_FILE_LIMIT)
  const contentType = req.headers.get('content-type') ?? ''
  let upload: Upload
  if (baseMime(contentType) === 'multipart/form-data') {
    const body = await readCapped(req.body, limit + FORM_OVERHEAD)
    if (!body.ok) throw E.tooLarge()
    let form: FormData
    try {
      form = await new Response(body.bytes as Uint8Array<ArrayBuffer>, {
        headers: { 'content-type': contentType },
      }).formData()
    } catch {
      throw E.badRequest('The multipart body could not be read')
    }
    const file = [...form.values()].find((v): v is File => typeof v !== 'string')
    if (!file) throw E.badRequest('No content provided')
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (bytes.byteLength > limit) throw E.tooLarge()
    const cacheControl = form.get('cacheControl')
    const metadata = form.get('metadata')
    upload = {
      bytes,
      mime: file.type || 'application/octet-stream',
      cacheControl:
        typeof cacheControl === 'string' && cacheControl ? `max-age=${cacheControl}` : 'no-cache',
      userMetadata: parseMetadata(typeof metadata === 'string' ? metadata : null),
    }
  } else {
    const body = await readCapped(req.body, limit)
    if (!body.ok) throw E.tooLarge()
    const header = req.headers.get('x-metadata')
    upload = {
      bytes: body.bytes,
      mime: contentType || 'application/octet-stream',
      cacheControl: req.headers.get('cache-control') ?? 'no-cache',
      userMetadata: parseMetadata(header ? Buffer.from(header, 'base64').toString('utf8') : null),
    }
  }
  if (!mimeAllowed(upload.mime, bucket.allowed_mime_types)) throw E.invalidMime(upload.mime)
  if (!contentMatches(upload.mime, upload.bytes)) throw E.contentMismatch(upload.mime)
  return upload
}
