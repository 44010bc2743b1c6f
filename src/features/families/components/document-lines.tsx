import type { ReactNode } from 'react'
import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core'

/** One group of the documents step: a person, the forms, the legal guardian documents. */
export function DocumentSection({
  title,
  action,
  onUpload,
  needs,
  children,
}: {
  title: string
  /** The upload button's label. */
  action: string
  onUpload(): void
  /** What is still needed, each shown as "Needed: …". */
  needs: readonly string[]
  children: ReactNode
}) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      <Group justify="space-between" mb={4} wrap="wrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Button size="xs" variant="light" onClick={onUpload}>
          {action}
        </Button>
      </Group>
      {needs.map((need) => (
        <Text key={need} size="sm" c="orange.8">
          Needed: {need}
        </Text>
      ))}
      {children}
    </Paper>
  )
}

/** A stored file: its name opens it, with what it is and a Delete (both need a connection). */
export function FileLine({
  name,
  detail,
  expired,
  onOpen,
  onDelete,
  online,
}: {
  name: string
  detail: string
  expired?: boolean
  onOpen(): void
  onDelete(): void
  online: boolean
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          onClick={onOpen}
          disabled={!online}
          style={{ overflowWrap: 'anywhere' }}
        >
          {name}
        </Button>
        <Text size="xs" c="dimmed">
          {detail}
          {expired && (
            <Badge ml={6} size="xs" color="red" variant="light">
              Expired
            </Badge>
          )}
        </Text>
      </div>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        disabled={!online}
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        style={{ flexShrink: 0 }}
      >
        Delete
      </Button>
    </Group>
  )
}

/** Files chosen offline, waiting on the device for a connection. */
export function Waiting({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name, i) => (
        // The label goes below a long name rather than being cut on a phone.
        <Group key={`${name}-${i}`} gap={6} wrap="wrap" data-testid="waiting-upload">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Badge size="xs" color="blue" variant="light" style={{ flexShrink: 0, maxWidth: 'none' }}>
            Waiting for a connection
          </Badge>
        </Group>
      ))}
    </>
  )
}
