import { useState } from 'react'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { saveFile } from '@/lib/save-file'
import { downloadFeedbackPdf } from '../hooks/use-feedback-pdf'

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`

/**
 * "Download PDF" of a child's feedback for a term (M09): the centre makes it from what it
 * released, so it needs a connection; it shows how much has arrived on a slow one, and why it
 * failed.
 */
export function FeedbackPdfButton({
  studentId,
  studentName,
  term,
  termName,
}: {
  studentId: string
  studentName: string
  term: string
  termName: string
}) {
  const online = useNetwork().online
  const [progress, setProgress] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const download = async () => {
    setProblem(null)
    setProgress('Downloading…')
    const result = await downloadFeedbackPdf(studentId, term, (received, total) =>
      setProgress(
        total
          ? `Downloading… ${Math.round((received / total) * 100)}%`
          : `Downloading… ${kb(received)}`,
      ),
    )
    setProgress(null)
    if (result.ok) saveFile(result.blob, result.filename)
    else setProblem(result.message)
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-md"
        variant="light"
        onClick={() => void download()}
        loading={progress !== null}
        disabled={!online}
        aria-label={`Download PDF of ${studentName}'s feedback, ${termName}`}
      >
        Download PDF
      </Button>
      {progress && (
        <Text size="xs" role="status">
          {progress}
        </Text>
      )}
      {!online && !problem && (
        <Text size="xs" c="dimmed">
          Connect to download the PDF.
        </Text>
      )}
      {problem && (
        <Alert color="red" p="xs" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  )
}
