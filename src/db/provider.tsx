import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { Center, Loader, Stack, Text } from '@mantine/core'
import { useAuthMember } from '@/lib/auth/use-auth'
import type { SignedInMember } from '@/lib/auth/types'
import { openDatabaseFor, type OpenDatabase } from './app-database'
import { trackPending } from './pending'

const DatabaseContext = createContext<OpenDatabase | null>(null)

/** How a person's database is opened; component tests provide an in-memory one. */
export const DatabaseOpenerContext =
  createContext<(member: SignedInMember) => Promise<OpenDatabase>>(openDatabaseFor)

function describeError(e: unknown): string {
  const code = (e as { code?: unknown }).code
  const message = e instanceof Error ? (e.message.split('\n')[0] ?? e.message) : String(e)
  return typeof code === 'string' ? `${message} (${code})` : message
}

/** Opens the signed-in person's local database for the screens below it. */
export function DatabaseProvider({
  children,
  quiet = false,
}: {
  children: ReactNode
  quiet?: boolean
}) {
  const member = useAuthMember()
  const opener = useContext(DatabaseOpenerContext)
  const [state, setState] = useState<{ open?: OpenDatabase; error?: string }>({})
  useEffect(() => {
    if (!member) return
    let alive = true
    opener(member)
      // A refreshed token is the same account: its database is already open and shown.
      .then((open) => alive && setState((s) => (s.open === open ? s : { open })))
      .catch((e: unknown) => {
        console.error('Opening the local database failed', e)
        if (alive) setState({ error: describeError(e) })
      })
    return () => {
      alive = false
    }
  }, [member, opener])
  useEffect(
    () => (state.open && !quiet ? trackPending(state.open) : undefined),
    [state.open, quiet],
  )
  if (quiet && !state.open) return null
  if (state.error) {
    return (
      <Center p="xl">
        <Text c="red">The data on this device could not be opened: {state.error}</Text>
      </Center>
    )
  }
  if (!state.open) {
    return (
      <Center p="xl">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Opening your data…
          </Text>
        </Stack>
      </Center>
    )
  }
  return <DatabaseContext.Provider value={state.open}>{children}</DatabaseContext.Provider>
}

export function useOpenDatabase(): OpenDatabase {
  const open = useContext(DatabaseContext)
  if (!open) throw new Error('useOpenDatabase is used outside a DatabaseProvider')
  return open
}

export function useOptionalDatabase(): OpenDatabase | null {
  return useContext(DatabaseContext)
}
