import '@mantine/core/styles/Modal.css'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useSubmit } from '@/components/form/use-submit'

export interface ConfirmDialogProps {
  opened: boolean
  title: string
  message: string
  /** The action's button label ("Remove", "Block"...). */
  action: string
  color?: string
  onConfirm(): Promise<void> | void
  onCancel(): void
}

/** The confirm dialog of core.md §4: a title, a message and an action (plus Cancel). */
export function ConfirmDialog({
  opened,
  title,
  message,
  action,
  color = 'red',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { busy, run } = useSubmit()
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color={color} loading={busy} onClick={() => run(async () => onConfirm())}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
