import { trackBackendCall } from '@/lib/backend-activity'
import type { RpcResult } from '@/lib/rpc'
import { getSupabase } from '@/lib/supabase-lazy'
import { useOnlineQuery } from '@/lib/use-rpc-query'
import { FILES_BUCKET, type StoredFile } from '../logic/files'

async function listFiles(): Promise<RpcResult<StoredFile[]>> {
  if (!navigator.onLine)
    return { ok: false, offline: true, message: 'This needs a connection. You are offline.' }
  const bucket = (await (await getSupabase()).storage()).from(FILES_BUCKET)
  const { data, error } = await trackBackendCall(async () => await bucket.list('', { limit: 1000 }))
  if (error) return { ok: false, offline: false, message: error.message }
  return {
    ok: true,
    data: data
      .filter((entry) => entry.id !== null)
      .map((entry) => {
        const meta = (entry.metadata ?? {}) as { mimetype?: string; size?: number }
        return {
          name: entry.name,
          type: meta.mimetype ?? '',
          size: Number(meta.size ?? 0),
          created: entry.created_at ?? '',
          url: bucket.getPublicUrl(entry.name).data.publicUrl,
        }
      }),
  }
}

/** The files at the top of the public bucket, read online; `reload()` reads them again. */
export function useFiles() {
  const { data, error, reload } = useOnlineQuery(listFiles, 'files')
  return { files: data, error, reload }
}

export async function removeFile(name: string): Promise<string | null> {
  const bucket = (await (await getSupabase()).storage()).from(FILES_BUCKET)
  const { error } = await trackBackendCall(async () => await bucket.remove([name]))
  return error ? error.message : null
}
