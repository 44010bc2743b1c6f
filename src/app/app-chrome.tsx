import { useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { useRouter } from '@tanstack/react-router'
import { BackendProgress } from '@/components/status/backend-progress'
import { useDarkModeClass, useUnloadWarning } from '@/lib/app-status/hooks'
import { updateOnNavigation } from './pwa'
import { VersionAlert } from './version-alert'

/** App-wide behaviour around every screen: dark mode class, unload warning, updates. */
export function AppChrome({ children }: { children: ReactNode }) {
  const router = useRouter()
  const auth = router.options.context.auth
  const signedIn = useSyncExternalStore(
    auth.subscribe,
    () => auth.snapshot().status === 'signedIn',
    () => false,
  )
  useDarkModeClass()
  useUnloadWarning()

  useEffect(() => router.subscribe('onBeforeNavigate', updateOnNavigation), [router])

  return (
    <>
      <BackendProgress />
      <VersionAlert enabled={signedIn} />
      {children}
    </>
  )
}
