import { Alert, Button, Group } from '@mantine/core'

/**
 * The end of a dialog's form: why it was not saved (when it was not), then Cancel and the button
 * that submits. Both wait while the form is busy.
 */
export function DialogActions({
  busy,
  failure,
  failureTitle,
  submitLabel,
  danger = false,
  onCancel,
}: {
  busy: boolean
  failure: string | null
  /** The alert's heading, e.g. "The payment was not saved". */
  failureTitle?: string
  submitLabel: string
  /** The submit button is red: it ends or removes something. */
  danger?: boolean
  onCancel(): void
}) {
  return (
    <>
      {failure && (
        <Alert color="red" role="alert" title={failureTitle}>
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </>
  )
}
