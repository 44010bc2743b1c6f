import { useRouter } from '@tanstack/react-router'
import type { AuthSource } from '@/lib/auth/types'

export interface RouterContext {
  auth: AuthSource
  /** Keys of the screens that are built (see screens.ts); tests pass their own set. */
  screens: ReadonlySet<string>
}

export function useBuiltScreens(): ReadonlySet<string> {
  return useRouter().options.context.screens
}
