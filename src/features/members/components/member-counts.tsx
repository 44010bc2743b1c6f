import '@mantine/core/styles/SimpleGrid.css'
import type { ReactNode } from 'react'
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { overviewItems, type CountItem, type Overview } from '../logic/members'

function Counts({
  title,
  items,
  footer,
}: {
  title: string
  items: CountItem[]
  footer?: ReactNode
}) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing={6} verticalSpacing={6}>
        {items.map((item) => (
          <Paper key={item.label} withBorder px="xs" py={4} radius="sm" data-testid="count">
            <Text size="xs" c="dimmed" lh={1.2} lineClamp={2}>
              {item.label}
            </Text>
            <Text fw={700} c={item.attention ? 'red' : undefined}>
              {item.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {footer}
    </Stack>
  )
}

/** The centre's counts at the top of the admin dashboard (F17). */
export function MemberCounts({
  overview,
  error,
}: {
  overview: Overview | null
  error: string | null
}) {
  if (error) return <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>
  if (!overview)
    return (
      <Text size="sm" c="dimmed">
        Counting…
      </Text>
    )
  const { people, system, emailTypes, mailWarning } = overviewItems(overview)
  return (
    <Stack gap="sm">
      {mailWarning && (
        <Alert color="red" title="No mail server is set up" data-testid="no-mail-server">
          {mailWarning}
        </Alert>
      )}
      <Counts title="People" items={people} />
      <Counts
        title="System and e-mail"
        items={system}
        footer={
          <Text size="xs" c="dimmed" data-testid="email-types">
            E-mails by type: {emailTypes.map((t) => `${t.label} ${t.value}`).join(' · ')}
          </Text>
        }
      />
    </Stack>
  )
}
