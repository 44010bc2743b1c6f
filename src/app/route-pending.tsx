import { Container, Loader, Stack, Text } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { isSlowConnection } from '@/lib/app-status/network'

/**
 * What shows while a screen's code is still on its way (the router shows it after a second):
 * that the app is working, and roughly how long it takes on this connection.
 */
export function RoutePending() {
  const slow = isSlowConnection(useNetwork())
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="xs" role="status" aria-live="polite" data-testid="route-pending">
        <Loader size="md" aria-hidden />
        <Text fw={500}>Opening the page…</Text>
        <Text size="sm" ta="center">
          {slow
            ? 'On this slow connection the first opening takes up to a minute; after that it opens at once.'
            : 'This takes a few seconds the first time.'}
        </Text>
      </Stack>
    </Container>
  )
}
