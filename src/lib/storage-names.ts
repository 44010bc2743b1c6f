// How files are named and recognised in storage, for every pane that uploads.

/**
 * The name a file is stored under: lower case, words joined by hyphens (the slug rule, E22),
 * the extension kept, and a short stamp so two uploads of "photo.jpg" do not collide.
 */
export function storedName(original: string, stamp: string): string {
  const dot = original.lastIndexOf('.')
  const base = dot > 0 ? original.slice(0, dot) : original
  const ext =
    dot > 0
      ? original
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
      : ''
  const slug =
    base
      .toLowerCase()
      .trim()
      .replace(/[\s_]+/g, '-')
      .replace(/[^\w-]/g, '')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '') || 'file'
  return `${slug}-${stamp}${ext ? `.${ext}` : ''}`
}

/** The types a file's first bytes say it is (PNG, JPEG, GIF, WebP, PDF), or null. */
export function sniffedType(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  if (starts(0x52, 0x49, 0x46, 0x46) && [0x57, 0x45, 0x42, 0x50].every((b, i) => head[8 + i] === b))
    return 'image/webp'
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'
  return null
}

/** Where an image's thumbnail is kept (I37): `{folder}/thumbnails/{name}_200x200.webp`. */
export function thumbnailPath(path: string): string {
  const slash = path.lastIndexOf('/')
  const folder = slash >= 0 ? path.slice(0, slash) : ''
  const file = path.slice(slash + 1)
  const dot = file.lastIndexOf('.')
  const base = dot > 0 ? file.slice(0, dot) : file
  return `${folder ? `${folder}/` : ''}thumbnails/${base}_200x200.webp`
}

/** The square of an image a thumbnail shows: its middle, as large as fits. */
export function coverCrop(width: number, height: number): { x: number; y: number; side: number } {
  const side = Math.min(width, height)
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side }
}

// The private `documents` bucket, where family and inquiry documents are kept.
export const DOCUMENTS_BUCKET = 'documents'
/** The bucket's limits (the storage migration and supabase/config.toml). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
export const DOCUMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/**
 * Why a chosen file cannot be kept, or null: its size, its declared type and what its first
 * bytes say it is (a renamed program is not a PDF). The bucket checks the same again.
 */
export function documentProblem(
  file: { name: string; type: string; size: number },
  head: Uint8Array,
): string | null {
  if (file.size === 0) return `${file.name} is empty.`
  if (file.size > MAX_DOCUMENT_BYTES)
    return `${file.name} is ${mb(file.size)}; a file can be at most ${mb(MAX_DOCUMENT_BYTES)}.`
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type))
    return `${file.name} is not a PDF or an image (PNG, JPEG, GIF or WebP).`
  const sniffed = sniffedType(head)
  if (sniffed !== file.type)
    return `${file.name} is not the ${file.type.split('/')[1]!.toUpperCase()} it claims to be.`
  return null
}
