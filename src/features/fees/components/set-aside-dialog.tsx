import '@mantine/core/styles/Modal.css'
import { useState } from 'react'
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useSubmit } from '@/components/form/use-submit'

export interface SetAsideDialogProps {
  /** What the payment is, in words; null when closed. */
  payment: { id: string; summary: string } | null
  onSetAside(id: string, note: string): Promise<void>
  onClose(): void
}

/** Setting a family's report aside: it stays in the list as set aside, with the reason. */
export function SetAsideDialog({ payment, onSetAside, onClose }: SetAsideDialogProps) {
  const [note, setNote] = useState('')
  const { busy, failure, setFailure, attempt } = useSubmit()
  const close = () => {
    setNote('')
    setFailure(null)
    onClose()
  }
  const confirm = async () => {
    if (!payment) return
    await attempt(async () => {
      await onSetAside(payment.id, note)
      setNote('')
    })
  }
  return (
    <Modal opened={payment !== null} onClose={close} title="Set this payment aside?">
      <Stack>
        <Text>{payment?.summary}</Text>
        <Text size="sm">
          It counts for nothing and the family sees it set aside, with your reason.
        </Text>
        <Textarea
          label="Why is it set aside?"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={failure}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            Set aside
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
