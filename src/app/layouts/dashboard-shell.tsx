import '@mantine/core/styles/AppShell.css'
import '@mantine/core/styles/Burger.css'
import '@mantine/core/styles/NavLink.css'
import type { ReactNode } from 'react'
import { AppShell, Burger, Group, NavLink, Text, Title, VisuallyHidden } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { Link, useRouterState } from '@tanstack/react-router'
import { NARROW_QUERY, type NavItem } from '@/lib/navigation/model'
import { useAppStatus } from '@/lib/app-status/hooks'
import { APP_VERSION } from '@/lib/centre'
import { ConnectionStatus } from '@/components/status/connection-status'
import { ColorSchemeToggle } from '@/components/status/color-scheme-toggle'

export interface DashboardShellProps {
  /** The layout's name from core.md §2 (admindash, administrationdash, ...). */
  layout: string
  /** Navigation title shown in the header. */
  title: string
  items: NavItem[]
  /** Pane shown when the URL names none (the dashboard's default). */
  defaultPane?: string
  /** Width ≤ 992px: the side pane becomes a drawer behind a burger button. */
  isMobile: boolean
  /** Header extras: sync status, account menu. */
  headerExtra?: ReactNode
  children: ReactNode
}

function isActive(item: NavItem, pathname: string, pane: string | undefined, defaultPane?: string) {
  if (item.pane) return pathname === item.to && (pane ?? defaultPane) === item.pane
  return pathname === item.to && !pane
}

/** One dashboard shell for every role: header, side pane from the navigation model, content. */
export function DashboardShell(props: DashboardShellProps) {
  const { layout, title, items, defaultPane, isMobile, headerExtra, children } = props
  const [opened, { toggle, close }] = useDisclosure(false)
  const status = useAppStatus()
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  const location = useRouterState({ select: (s) => s.location })
  const pane = (location.search as { pane?: string }).pane
  // A dashboard with no built pane has no menu to open: no empty side pane, no burger.
  const hasMenu = items.length > 0
  // On a phone the colour toggle sits in the menu, so the header keeps room for the title beside
  // the offline and sync badges ("Paren…" otherwise).
  const toggleInMenu = narrow && isMobile && hasMenu
  return (
    <AppShell
      data-layout={layout}
      header={{ height: 56 }}
      navbar={hasMenu ? { width: 240, breakpoint: 993, collapsed: { mobile: !opened } } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px={isMobile ? 'xs' : 'md'} gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            {isMobile && hasMenu && (
              <Burger
                opened={opened}
                onClick={toggle}
                size="sm"
                aria-label="Open navigation"
                style={{ flexShrink: 0 }}
              />
            )}
            {/* On a phone held upright the word "Dashboard" is heard, not shown, so the title
                fits beside the header's indicators instead of being cut to "Admin…". */}
            <Title order={2} size={isMobile ? 'h5' : 'h4'} lineClamp={2} lh={1.15}>
              {narrow && title.endsWith(' Dashboard') ? (
                <>
                  {title.slice(0, -' Dashboard'.length)} <VisuallyHidden>Dashboard</VisuallyHidden>
                </>
              ) : (
                title
              )}
            </Title>
          </Group>
          <Group gap={isMobile ? 4 : 6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <ConnectionStatus status={status} />
            {headerExtra}
            {!toggleInMenu && <ColorSchemeToggle />}
          </Group>
        </Group>
      </AppShell.Header>
      {hasMenu && (
        <AppShell.Navbar p="xs" aria-label={`${title} navigation`}>
          {/* The browser's own scrolling: no scroll-area script on every dashboard's first load. */}
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            <nav data-testid="side-pane">
              {items.map((item) => (
                <NavLink
                  key={item.key}
                  component={Link}
                  to={item.to as never}
                  search={(item.pane ? { pane: item.pane } : {}) as never}
                  label={item.label}
                  active={isActive(item, location.pathname, pane, defaultPane)}
                  // The router marks a link current on any address under it (aria-current);
                  // only the pane isActive names is current.
                  activeOptions={{ exact: true, includeSearch: true }}
                  onClick={close}
                />
              ))}
            </nav>
          </AppShell.Section>
          <AppShell.Section>
            <Group justify="space-between" wrap="nowrap" px="sm" py={4}>
              <Text size="xs" c="dimmed">
                Version <span data-testid="app-version">{APP_VERSION}</span>
              </Text>
              {toggleInMenu && <ColorSchemeToggle />}
            </Group>
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  )
}
