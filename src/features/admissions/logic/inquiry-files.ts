// The files the office keeps with an inquiry (H12, I35–I40): kept in the private `documents`
// bucket under the family's name, with a 200×200 WebP thumbnail beside each image, and listed in
// the inquiry's record (fileURL, fileName, fileExtension, uploadedBy, uploadedOn).
import type { InquiryFile } from '@sync/collections/inquiries'
import { sniffedType, storedName, thumbnailPath } from '@/lib/storage-names'

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

export const INQUIRY_FILE_MESSAGES = {
  uploaded: 'Success! File uploaded',
  removed: 'File removed',
} as const

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

/** The folder of an inquiry's files: under the family's name (I36), then the inquiry. */
export function inquiryFolder(familyName: string, inquiryId: string): string {
  const family =
    familyName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9 _-]/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'family'
  return `inquiries/${family}/${inquiryId.replace(/[^A-Za-z0-9_-]/g, '')}`
}

/** Where a new file of the inquiry is stored (I35: `{folder}/{filename}`). */
export function inquiryFilePath(
  familyName: string,
  inquiryId: string,
  original: string,
  stamp: string,
): string {
  return `${inquiryFolder(familyName, inquiryId)}/${storedName(original, stamp)}`
}

/** The record of an uploaded file (H12). */
export function inquiryFileEntry(
  path: string,
  original: string,
  uploadedBy: string,
  now: Date,
): InquiryFile {
  const dot = original.lastIndexOf('.')
  return {
    fileURL: path,
    fileName: original,
    fileExtension: dot > 0 ? original.slice(dot + 1).toLowerCase() : '',
    uploadedBy,
    uploadedOn: now.toISOString(),
  }
}

export const isImageFile = (entry: Pick<InquiryFile, 'fileExtension'>) =>
  ['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(entry.fileExtension.toLowerCase())

/** What deleting a file removes from storage (I39): the file and, for an image, its thumbnail. */
export function pathsToRemove(entry: InquiryFile): string[] {
  return isImageFile(entry) ? [entry.fileURL, thumbnailPath(entry.fileURL)] : [entry.fileURL]
}
