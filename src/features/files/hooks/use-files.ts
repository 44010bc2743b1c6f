import { useCallback, useEffect, useState } from 'react'
import { getSupabase } from '../../../lib/supabase-lazy'
import { FILES_BUCKET, type StoredFile } from '../logic/files'

/** The files at the top of the public bucket, read online; `reload()` reads them again. */
export function useFiles() {
  const [files, setFiles] = useState<StoredFile[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let alive = true
    void (async () => {
      if (!navigator.onLine) {
        setError('This needs a connection. You are offline.')
        return
      }
      const bucket = (await getSupabase()).storage.from(FILES_BUCKET)
      const { data, error: failed } = await bucket.list('', { limit: 1000 })
      if (!alive) return
      if (failed) {
        setError(failed.message)
        return
      }
      setError(null)
      setFiles(
        data
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
      )
    })()
    return () => {
      alive = false
    }
  }, [version])
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { files, error, reload }
}

export async function removeFile(name: string): Promise<string | null> {
  const { error } = await (await getSupabase()).storage.from(FILES_BUCKET).remove([name])
  return error ? error.message : null
}
