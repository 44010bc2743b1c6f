import '@mantine/core/styles/Menu.css'
import type { ReactElement } from 'react'
import { Menu } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { SignedInMember } from '@/lib/auth/types'

type MenuMember = Pick<SignedInMember, 'email' | 'role' | 'familyToken' | 'isParentFacilitator'>

/** Where a person's account settings are: the parents' page for a parent, else the staff one. */
const settingsPathOf = (member: MenuMember) =>
  member.role === 'guardian' ? '/parents/settings' : '/facilitators/settings'

/**
 * The account menu, opened: the address, a parent's family profile (reachable once it is complete,
 * to add a document or change a detail), both dashboards for a person who has two, account
 * settings and sign-out. Loaded when first opened.
 */
export default function AccountMenuDropdown({
  member,
  target,
  onSignOut,
}: {
  member: MenuMember
  target: ReactElement
  onSignOut: () => void
}) {
  const parent = member.role === 'guardian' && member.familyToken !== null
  return (
    <Menu position="bottom-end" shadow="md" width={240} defaultOpened>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{member.email}</Menu.Label>
        {member.isParentFacilitator && (
          <>
            <Menu.Item component={Link} to="/parents/dash">
              Parents&apos; dashboard
            </Menu.Item>
            <Menu.Item component={Link} to="/facilitators/dash">
              Facilitators&apos; dashboard
            </Menu.Item>
          </>
        )}
        {parent && (
          <Menu.Item component={Link} to="/parents/dash" search={{ pane: 'profile' } as never}>
            Family profile
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={settingsPathOf(member)}>
          Account settings
        </Menu.Item>
        <Menu.Item color="red" onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
