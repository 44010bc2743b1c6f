import type { GuardName } from '@/lib/guards'

// Every route names its guard and layout (core.md §2); tests read them from `staticData`.
export type LayoutName =
  'default' | 'admindash' | 'administrationdash' | 'facilitatordash' | 'parentsdash'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    guard?: GuardName | 'none'
    layout?: LayoutName
  }
}

export {}
