import { useEffect, useSyncExternalStore } from 'react'
import { useComputedColorScheme } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { isSlowConnection } from './network'
import {
  onBeforeUnload,
  refreshPrevented,
  setRefreshPrevention,
  subscribeRefreshPrevention,
} from './refresh-prevention'

export interface AppStatus {
  online: boolean
  slow: boolean
  effectiveType: string | undefined
}

/** Online/offline and slow-connection flags, also written as classes on <html>. */
export function useAppStatus(): AppStatus {
  const network = useNetwork()
  const slow = isSlowConnection(network)
  useEffect(() => {
    const root = document.documentElement.classList
    root.toggle('offline', !network.online)
    root.toggle('online', network.online)
    root.toggle('slow-connection', slow)
  }, [network.online, slow])
  return { online: network.online, slow, effectiveType: network.effectiveType }
}

/** Keeps the `dark-mode` class on <html> in step with Mantine's computed scheme. */
export function useDarkModeClass(): void {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false })
  useEffect(() => {
    document.documentElement.classList.toggle('dark-mode', scheme === 'dark')
  }, [scheme])
}

/** Installs the unload warning used while refresh prevention is on. */
export function useUnloadWarning(): boolean {
  useEffect(() => {
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [])
  return useSyncExternalStore(subscribeRefreshPrevention, refreshPrevented, () => false)
}

/** Turns refresh prevention on for `reason` while `active` is true. */
export function usePreventRefresh(reason: string, active: boolean): void {
  useEffect(() => {
    setRefreshPrevention(reason, active)
    return () => setRefreshPrevention(reason, false)
  }, [reason, active])
}
