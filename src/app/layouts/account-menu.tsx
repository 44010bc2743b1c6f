import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Menu.css'
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { useContext } from 'react'
import { Link } from '@tanstack/react-router'
import { useAuthMember } from '../../lib/auth/use-auth'
import { SignOutDialog } from '../../features/accounts/components/sign-out-dialog'
import { useSignOut } from '../../features/accounts/hooks/use-sign-out'
import { DatabaseOpenerContext } from '../../db/provider'
import { currentPending } from '../../db/pending'

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
  if (!member) return null
  const name = member.name || member.email
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={240}>
        <Menu.Target>
          <UnstyledButton aria-label={`${name}: account menu`} data-testid="account-menu">
            <Group gap={6} wrap="nowrap">
              <Avatar size="sm" radius="xl" color="green" aria-hidden>
                {initials(name)}
              </Avatar>
              <Text size="sm" visibleFrom="sm" data-testid="signed-in-as" lineClamp={1} maw={200}>
                {name}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{member.email}</Menu.Label>
          <Menu.Item component={Link} to="/facilitators/settings">
            Account settings
          </Menu.Item>
          <Menu.Item color="red" onClick={signOut.request}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SignOutDialog signOut={signOut} />
    </>
  )
}
