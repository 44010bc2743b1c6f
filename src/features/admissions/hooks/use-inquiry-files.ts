import type { InquiryFile } from '@sync/contract/collections/inquiries'
import { trackBackendCall } from '@/lib/backend-activity'
import { thumbnailPath } from '@/lib/storage-names'
import { getSupabase } from '@/lib/supabase-lazy'
import { uploadWithThumbnail } from '@/lib/upload'
import {
  DOCUMENTS_BUCKET,
  documentProblem,
  inquiryFileEntry,
  inquiryFilePath,
  pathsToRemove,
} from '../logic/inquiry-files'
import { useInquiryWriter } from './use-inquiries'

const OFFLINE = 'This needs a connection. You are offline.'

/**
 * Uploading, opening and deleting an inquiry's files (H12, I35–I40). Files go to storage while
 * online; the inquiry's list of them is changed on the device and synced like every edit.
 */
export function useInquiryFiles() {
  const writer = useInquiryWriter()
  return {
    /** Uploads a file (with an image's thumbnail) and lists it; throws a message to show. */
    upload: async (
      inquiry: { id: string; familyName: string },
      file: File,
      uploadedBy: string,
      onProgress: (fraction: number) => void,
    ): Promise<void> => {
      const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
      const problem = documentProblem(file, head)
      if (problem) throw new Error(problem)
      const path = inquiryFilePath(
        inquiry.familyName,
        inquiry.id,
        file.name,
        Date.now().toString(36),
      )
      const result = await trackBackendCall(() =>
        uploadWithThumbnail(DOCUMENTS_BUCKET, path, file, onProgress),
      )
      if (!result.ok) throw new Error(result.message)
      const entry = inquiryFileEntry(path, file.name, uploadedBy, new Date())
      await writer.addFile(inquiry.id, entry)
    },
    /** A link to read a file for a few minutes. */
    link: async (entry: InquiryFile, thumbnail = false): Promise<string> => {
      if (!navigator.onLine) throw new Error(OFFLINE)
      const supabase = await getSupabase()
      const { data, error } = await trackBackendCall(
        async () =>
          await (
            await supabase.storage()
          )
            .from(DOCUMENTS_BUCKET)
            .createSignedUrl(thumbnail ? thumbnailPath(entry.fileURL) : entry.fileURL, 300),
      )
      if (error || !data) throw new Error(error?.message ?? 'The file could not be opened.')
      return data.signedUrl
    },
    /** Deletes the file and its thumbnail (I39), then drops it from the list. */
    remove: async (inquiryId: string, entry: InquiryFile): Promise<void> => {
      if (!navigator.onLine) throw new Error(OFFLINE)
      const supabase = await getSupabase()
      const { error } = await trackBackendCall(
        async () =>
          await (await supabase.storage()).from(DOCUMENTS_BUCKET).remove(pathsToRemove(entry)),
      )
      if (error) throw new Error(error.message)
      await writer.removeFile(inquiryId, entry.fileURL)
    },
  }
}
