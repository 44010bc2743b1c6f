import { render } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { routeTree } from '@/routeTree.gen'
import { staticAuthSource, type SignedInMember } from '@/lib/auth/types'
import { builtScreens } from '@/app/screens'
import { theme } from '@/app/providers'
import { DatabaseOpenerContext } from '@/db/provider'
import { openTestDatabase } from './local-database'
import type { AppDatabase } from '@sync/engine/database'

/** Sets the viewport width that matchMedia answers for (jsdom has no layout). */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width })
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query)
    const min = /min-width:\s*(\d+(?:\.\d+)?)(px|em)/.exec(query)
    let matches = false
    if (max) matches = width <= Number(max[1])
    else if (min) matches = width >= Number(min[1]) * (min[2] === 'em' ? 16 : 1)
    return mediaQueryList(query, matches)
  }
}

/** A media query's answer as matchMedia gives it, fixed (jsdom has none). */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList
}

export function testMember(over: Partial<SignedInMember> = {}): SignedInMember {
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    email: 'member@demo.school',
    name: 'Test Member',
    role: 'member',
    status: 'verified',
    emailVerified: true,
    isSystemAdmin: false,
    isFacilitatorAdmin: false,
    isProfileAdmin: false,
    isParentFacilitator: false,
    familyToken: null,
    facilitatorId: null,
    ...over,
  }
}

export interface RenderAppOptions {
  path: string
  member?: SignedInMember | null
  /** Screens treated as built; defaults to the app's real registry. */
  screens?: ReadonlySet<string>
  /** Writes test data into the in-memory database before the screen opens. */
  seed?: (db: AppDatabase) => Promise<void>
}

/** Renders the whole app router at `path` with a fixed signed-in state. */
export async function renderApp({ path, member = null, screens, seed }: RenderAppOptions) {
  const auth = staticAuthSource(member ? { status: 'signedIn', member } : { status: 'signedOut' })
  const router = createRouter({
    routeTree,
    context: { auth, screens: screens ?? builtScreens },
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  // One database per rendered app, however many providers ask for it (as in the browser).
  let opened: ReturnType<typeof openTestDatabase> | undefined
  const opener = (m: SignedInMember) => (opened ??= openTestDatabase(m, seed))
  const result = render(
    <MantineProvider theme={theme}>
      <Notifications />
      <DatabaseOpenerContext.Provider value={opener}>
        <RouterProvider router={router} />
      </DatabaseOpenerContext.Provider>
    </MantineProvider>,
  )
  await router.load()
  return { ...result, router }
}
