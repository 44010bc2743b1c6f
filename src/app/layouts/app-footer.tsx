import { Anchor, Group, Text } from '@mantine/core'
import { APP_VERSION } from '@/lib/centre'

export function AppFooter({ centreName }: { centreName: string }) {
  return (
    <Group justify="space-between" gap="xs" py="sm" px="md" component="footer" wrap="wrap">
      <Text size="xs" c="dimmed">
        {centreName} · version <span data-testid="app-version">{APP_VERSION}</span>
      </Text>
      <Group gap="md">
        <Anchor href="/legal/privacy-policy" size="xs">
          Privacy policy
        </Anchor>
        <Anchor href="/legal/terms-of-service" size="xs">
          Terms of service
        </Anchor>
      </Group>
    </Group>
  )
}
