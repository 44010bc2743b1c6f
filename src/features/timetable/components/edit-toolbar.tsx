import { Badge, Button, Group } from '@mantine/core'

export interface EditToolbarProps {
  editing: boolean
  pending: number
  saving: boolean
  onStart(): void
  onSave(): void
  onDiscard(): void
}

/** Edit mode: a counter of pending changes, Save and Discard (K23, K24, K27). */
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
    <Group gap="xs">
      <Badge size="lg" color={pending > 0 ? 'orange' : 'gray'} data-testid="pending-edits">
        {pending} {pending === 1 ? 'change' : 'changes'}
      </Badge>
      <Button onClick={onSave} loading={saving} disabled={pending === 0}>
        Save
      </Button>
      <Button variant="default" onClick={onDiscard} disabled={saving}>
        Discard
      </Button>
    </Group>
  )
}
