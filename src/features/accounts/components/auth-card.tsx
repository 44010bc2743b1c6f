import type { ReactNode } from 'react'
import { Paper, Stack, Text, Title } from '@mantine/core'

/** The frame of every account screen: readable at 360 px, centred on wide screens. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string
  lead?: ReactNode
  children: ReactNode
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      maw={460}
      mx="auto"
      my={{ base: 0, sm: 'xl' }}
    >
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {lead && <Text c="dimmed">{lead}</Text>}
        {children}
      </Stack>
    </Paper>
  )
}
