import { getSupabase } from './supabase-lazy'

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
  const { data, error } = await supabase.storage.from(bucket).createSignedUploadUrl(path)
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
