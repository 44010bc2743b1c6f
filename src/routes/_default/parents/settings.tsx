import { createFileRoute } from '@tanstack/react-router'
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import { guard } from '@/lib/guards'
import { AccountSettingsScreen } from '@/features/accounts/components/settings/account-settings-screen'

export const Route = createFileRoute('/_default/parents/settings')({
  staticData: { guard: 'auth-parents', layout: 'default' },
  beforeLoad: guard('auth-parents'),
  component: ParentsSettings,
})

// A guardian's settings: their account, and the way to their family's profile.
function ParentsSettings() {
  return (
    <AccountSettingsScreen
      extra={
        <Paper withBorder radius="md" p="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              Your family
            </Title>
            <Text size="sm">
              Personal details, children, emergency contacts and documents are kept in your
              family&apos;s profile.
            </Text>
            <Anchor href="/parents/dash?pane=profile">Open your family&apos;s profile</Anchor>
          </Stack>
        </Paper>
      }
    />
  )
}
