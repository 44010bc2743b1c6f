import type { ReactNode } from 'react'
import { Anchor, Box, Container, Divider, Group } from '@mantine/core'
import { centre } from '@/lib/centre'
import { useAppStatus } from '@/lib/app-status/hooks'
import { ConnectionStatus } from '@/components/status/connection-status'
import { ColorSchemeToggle } from '@/components/status/color-scheme-toggle'
import { AppFooter } from './app-footer'

/** The "default" layout of core.md §2: public pages, sign-in, settings. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const status = useAppStatus()
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }} data-layout="default">
      <Box component="header" px="md" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor href="/" fw={700} size="lg" underline="never" c="inherit">
            <Box component="span" visibleFrom="sm">
              {centre.name}
            </Box>
            <Box component="span" hiddenFrom="sm">
              {centre.shortName}
            </Box>
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <ConnectionStatus status={status} />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </Box>
      <Divider />
      <Container component="main" size="lg" w="100%" py="md" style={{ flex: 1 }}>
        {children}
      </Container>
      <Divider />
      <AppFooter centreName={centre.name} />
    </Box>
  )
}
