import { getSupabase } from './supabase-lazy'
import { thumbnailPath } from './storage-names'
import { webpThumbnail } from './thumbnail'

export type UploadResult = { ok: true; path: string } | { ok: false; message: string }

/**
 * Uploads a file to storage with progress (0 to 1). supabase-js reports no progress, so the
 * app asks for a signed upload URL (the bucket's policies are checked there) and sends the file
 * with XMLHttpRequest, whose upload events carry it.
 */
export async function uploadWithProgress(
  bucket: string,
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  if (!navigator.onLine) return { ok: false, message: 'This needs a connection. You are offline.' }
  const supabase = await getSupabase()
  const { data, error } = await (await supabase.storage()).from(bucket).createSignedUploadUrl(path)
  if (error || !data) return { ok: false, message: error?.message ?? 'The upload could not start.' }
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', data.signedUrl)
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
    xhr.setRequestHeader('x-upsert', 'false')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1)
        resolve({ ok: true, path: data.path })
        return
      }
      let message = `The upload failed (${xhr.status}).`
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string; error?: string }
        message = body.message ?? body.error ?? message
      } catch {
        // not JSON: keep the status line
      }
      resolve({ ok: false, message })
    }
    xhr.onerror = () =>
      resolve({ ok: false, message: 'The connection was lost during the upload.' })
    xhr.send(file)
  })
}

/**
 * Uploads a file as `uploadWithProgress` does and, for an image, its 200×200 WebP thumbnail
 * beside it (I37). A thumbnail that cannot be made or stored is logged; the file stays.
 */
export async function uploadWithThumbnail(
  bucket: string,
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  const result = await uploadWithProgress(bucket, path, file, onProgress)
  if (!result.ok || !file.type.startsWith('image/')) return result
  const thumbnail = await webpThumbnail(file)
  const made = thumbnail
    ? await uploadWithProgress(
        bucket,
        thumbnailPath(path),
        new File([thumbnail], 'thumbnail.webp', { type: 'image/webp' }),
        () => undefined,
      )
    : { ok: false as const, message: 'This browser cannot make WebP thumbnails.' }
  if (!made.ok) console.error('The thumbnail could not be stored:', made.message)
  return result
}

/** What deleting a stored file removes (I39): the file and, for an image, its thumbnail. */
export function storedPaths(path: string): string[] {
  return /\.(png|jpe?g|gif|webp)$/i.test(path) ? [path, thumbnailPath(path)] : [path]
}
