// The files the office keeps with an inquiry (H12, I35–I40): kept in the private `documents`
// bucket under the family's name, with a 200×200 WebP thumbnail beside each image, and listed in
// the inquiry's record (fileURL, fileName, fileExtension, uploadedBy, uploadedOn).
import type { InquiryFile } from '@sync/contract/collections/inquiries'
import { storedName, thumbnailPath } from '@/lib/storage-names'

export const INQUIRY_FILE_MESSAGES = {
  uploaded: 'Success! File uploaded',
  removed: 'File removed',
} as const

export {
  DOCUMENTS_BUCKET,
  DOCUMENT_TYPES,
  documentProblem,
  MAX_DOCUMENT_BYTES,
} from '@/lib/storage-names'

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
