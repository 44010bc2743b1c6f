import '@mantine/core/styles/Avatar.css'
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core'
import { lazy, Suspense, useContext, useState } from 'react'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useSignOut } from '@/features/accounts/hooks/use-sign-out'
import { DatabaseOpenerContext } from '@/db/provider'
import { currentPending } from '@/db/pending'

// Loaded when it is needed (a sign-out with unsynced changes), not with every dashboard.
const SignOutDialog = lazy(() =>
  import('@/features/accounts/components/sign-out-dialog').then((m) => ({
    default: m.SignOutDialog,
  })),
)

// The menu itself loads when first opened.
const loadDropdown = () => import('./account-menu-dropdown')
const AccountMenuDropdown = lazy(loadDropdown)

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return (
    (
      (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')
    ).toUpperCase() || '?'
  )
}

/** Who is signed in, in the dashboard header: account settings and sign-out. */
export function AccountMenu() {
  const member = useAuthMember()
  const opener = useContext(DatabaseOpenerContext)
  // Counted when asked, so a sign-out right after the dashboard opens still sees every change.
  const signOut = useSignOut(member ? () => opener(member).then(currentPending) : undefined)
  const [opened, setOpened] = useState(false)
  if (!member) return null
  const name = member.name || member.email
  const target = (
    <UnstyledButton
      aria-label={`${name}: account menu`}
      data-testid="account-menu"
      autoFocus={opened}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setOpened(true)}
    >
      <Group gap={6} wrap="nowrap">
        <Avatar size="sm" radius="xl" color="green" aria-hidden>
          {initials(name)}
        </Avatar>
        <Text size="sm" visibleFrom="sm" data-testid="signed-in-as" lineClamp={1} maw={200}>
          {name}
        </Text>
      </Group>
    </UnstyledButton>
  )
  return (
    <>
      {opened ? (
        <Suspense fallback={target}>
          <AccountMenuDropdown member={member} target={target} onSignOut={signOut.request} />
        </Suspense>
      ) : (
        target
      )}
      {signOut.unsynced !== null && (
        <Suspense>
          <SignOutDialog signOut={signOut} />
        </Suspense>
      )}
    </>
  )
}
