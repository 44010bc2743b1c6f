import '@mantine/core/styles/Menu.css'
import type { ReactElement } from 'react'
import { Menu } from '@mantine/core'
import { Link } from '@tanstack/react-router'

/** The account menu, opened: the address, account settings and sign-out. Loaded when first opened. */
export default function AccountMenuDropdown({
  email,
  target,
  onSignOut,
}: {
  email: string
  target: ReactElement
  onSignOut: () => void
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={240} defaultOpened>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        <Menu.Item component={Link} to="/facilitators/settings">
          Account settings
        </Menu.Item>
        <Menu.Item color="red" onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
