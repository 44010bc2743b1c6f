import { useEffect, useState } from 'react'
import { Alert } from '@mantine/core'
import { APP_VERSION } from '@/lib/centre'
import { VERSION_CHANGED_MESSAGE, versionChanged } from '@/lib/app-status/version'
import { getSupabase } from '@/lib/supabase-lazy'

async function publishedVersion(): Promise<string | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('get_website_data')
  if (error || !data) return null
  const row = (Array.isArray(data) ? data[0] : data) as { app_version?: unknown } | undefined
  return typeof row?.app_version === 'string' ? row.app_version : null
}

/**
 * Compares the published app version (website data) with the running one, on start, when the
 * window regains focus and every hour, and shows the spec's info alert when they differ.
 */
export function VersionAlert({ enabled }: { enabled: boolean }) {
  const [published, setPublished] = useState<string | null>(null)
  const [dismissed, setDismissed] = useState(false)
  useEffect(() => {
    if (!enabled) return
    let alive = true
    const read = () => {
      if (!navigator.onLine) return
      publishedVersion()
        .then((v) => alive && v && setPublished(v))
        .catch(() => {})
    }
    read()
    window.addEventListener('focus', read)
    const timer = setInterval(read, 60 * 60 * 1000)
    return () => {
      alive = false
      window.removeEventListener('focus', read)
      clearInterval(timer)
    }
  }, [enabled])
  if (dismissed || !versionChanged(published, APP_VERSION)) return null
  return (
    <Alert
      color="blue"
      variant="filled"
      withCloseButton
      onClose={() => setDismissed(true)}
      role="alert"
      style={{ position: 'fixed', top: 8, left: 8, right: 8, zIndex: 1000 }}
    >
      {VERSION_CHANGED_MESSAGE}
    </Alert>
  )
}
