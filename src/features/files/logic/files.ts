// The admin's Files pane (operations.md §2; F38, F39): the centre's public files (images shown
// on the website and in the app), kept in the storage bucket `images`.

export const FILES_BUCKET = 'images'
/** The bucket's rules (supabase/config.toml and the storage migration). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024
export const FILE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const

export interface StoredFile {
  name: string
  /** MIME type. */
  type: string
  size: number
  created: string
  url: string
}

export type FileSort = 'name' | 'created' | 'size'
export const FILE_SORTS: { value: FileSort; label: string }[] = [
  { value: 'created', label: 'Newest' },
  { value: 'name', label: 'Name' },
  { value: 'size', label: 'Size' },
]

/** Size in MB with two decimals (F38). */
export function sizeLabel(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`
}

/** F39: by name (A to Z), created (newest first, the default) or size (largest first). */
export function sortFiles(files: readonly StoredFile[], by: FileSort): StoredFile[] {
  const list = [...files]
  if (by === 'name')
    return list.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
  if (by === 'size') return list.sort((a, b) => b.size - a.size || a.name.localeCompare(b.name))
  return list.sort((a, b) => b.created.localeCompare(a.created) || a.name.localeCompare(b.name))
}

/** Why a chosen file cannot be uploaded, or null. */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(FILE_TYPES as readonly string[]).includes(file.type))
    return `${file.name} is not an image the app can show (PNG, JPEG, GIF or WebP).`
  if (file.size > MAX_FILE_BYTES)
    return `${file.name} is ${sizeLabel(file.size)}; files can be at most ${sizeLabel(MAX_FILE_BYTES)}.`
  if (file.size === 0) return `${file.name} is empty.`
  return null
}

export { storedName } from '@/lib/storage-names'
