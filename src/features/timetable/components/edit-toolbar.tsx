import { Badge, Button, Group, Stack, Text } from '@mantine/core'

export interface EditToolbarProps {
  editing: boolean
  pending: number
  saving: boolean
  onStart(): void
  onSave(): void
  onDiscard(): void
}

/**
 * The page's count is of edits waiting for Save ("unsaved"); what is kept but not yet on the
 * server is the header's count ("not synced"). Comments and resources are kept as they are
 * added, so they are only ever in the header's.
 */
export function unsavedText(pending: number): string {
  if (pending === 0) return 'No unsaved changes'
  return `${pending} unsaved ${pending === 1 ? 'change' : 'changes'}`
}

/** Edit mode: a counter of unsaved changes, Save and Discard (K23, K24, K27). */
export function EditToolbar({
  editing,
  pending,
  saving,
  onStart,
  onSave,
  onDiscard,
}: EditToolbarProps) {
  if (!editing) {
    return (
      <Button variant="light" onClick={onStart}>
        Edit lessons
      </Button>
    )
  }
  return (
    <Stack gap={4} data-testid="edit-bar">
      <Group gap="xs" justify="space-between">
        <Badge size="lg" color={pending > 0 ? 'orange' : 'gray'} data-testid="pending-edits">
          {unsavedText(pending)}
        </Badge>
        <Group gap="xs" wrap="nowrap">
          <Button onClick={onSave} loading={saving} disabled={pending === 0}>
            Save
          </Button>
          <Button variant="default" onClick={onDiscard} disabled={saving}>
            Discard
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        Comments and resources are kept as you add them.
      </Text>
    </Stack>
  )
}
