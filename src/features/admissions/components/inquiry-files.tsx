import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Image.css'
import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Group, Image, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { InquiryFile } from '@sync/contract/collections/inquiries'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { useAppStatus } from '@/lib/app-status/hooks'
import { useInquiryFiles } from '../hooks/use-inquiry-files'
import {
  DOCUMENT_TYPES,
  INQUIRY_FILE_MESSAGES,
  isImageFile,
  MAX_DOCUMENT_BYTES,
} from '../logic/inquiry-files'

/** An image's thumbnail, fetched while online; nothing while it loads or offline. */
function Thumbnail({ entry }: { entry: InquiryFile }) {
  const files = useInquiryFiles()
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    files
      .link(entry, true)
      .then((link) => live && setUrl(link))
      .catch(() => undefined)
    return () => {
      live = false
    }
    // The link is made once per file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry.fileURL])
  if (!url) return null
  return <Image src={url} alt="" w={48} h={48} radius="sm" onError={() => setUrl(null)} />
}

/**
 * The files kept with an inquiry (H12, I35–I40): upload with a progress bar, open, delete with
 * the thumbnail. Files travel only while online; the list itself is on the device.
 */
export function InquiryFiles({
  inquiry,
  files,
  uploadedBy,
}: {
  inquiry: { id: string; familyName: string }
  files: readonly InquiryFile[]
  uploadedBy: string
}) {
  const store = useInquiryFiles()
  const { online } = useAppStatus()
  const [upload, setUpload] = useState<{ name: string; progress: number } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [removing, setRemoving] = useState<InquiryFile | null>(null)
  const input = useRef<HTMLInputElement>(null)

  const send = async (file: File) => {
    setProblem(null)
    setUpload({ name: file.name, progress: 0 })
    try {
      await store.upload(inquiry, file, uploadedBy, (progress) =>
        setUpload({ name: file.name, progress }),
      )
      notifications.show({ color: 'green', message: INQUIRY_FILE_MESSAGES.uploaded })
    } catch (error) {
      // I40: the error is logged, the progress bar goes, and the person reads why.
      console.error('The file could not be uploaded:', error)
      setProblem(`${file.name} was not uploaded: ${(error as Error).message}`)
    } finally {
      setUpload(null)
    }
  }

  const open = async (entry: InquiryFile) => {
    try {
      window.open(await store.link(entry), '_blank', 'noopener')
    } catch (error) {
      setProblem((error as Error).message)
    }
  }

  return (
    <Stack gap="xs" data-testid="inquiry-files">
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h5">
          Files
        </Title>
        <Button
          size="xs"
          variant="light"
          onClick={() => input.current?.click()}
          disabled={!!upload || !online}
        >
          Upload a file
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {online
          ? `PDF or image (PNG, JPEG, GIF, WebP), up to ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB.`
          : 'Files need a connection: you are offline.'}
      </Text>
      <input
        ref={input}
        type="file"
        accept={DOCUMENT_TYPES.join(',')}
        hidden
        aria-label="File for the inquiry"
        data-testid="inquiry-file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = ''
          if (file) void send(file)
        }}
      />
      {upload && (
        <Stack gap={4} data-testid="inquiry-upload-progress">
          <Text size="sm">
            Uploading {upload.name}… {Math.round(upload.progress * 100)}%
          </Text>
          <Progress value={upload.progress * 100} aria-label={`Uploading ${upload.name}`} />
        </Stack>
      )}
      {problem && (
        <Alert color="red" withCloseButton onClose={() => setProblem(null)} role="alert">
          {problem}
        </Alert>
      )}
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No files yet.
        </Text>
      ) : (
        <Stack gap={6} role="list" aria-label="Files of the inquiry">
          {files.map((entry) => (
            <Paper withBorder radius="sm" p="xs" role="listitem" key={entry.fileURL}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  {online && isImageFile(entry) && <Thumbnail entry={entry} />}
                  <div style={{ minWidth: 0 }}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      px={0}
                      onClick={() => void open(entry)}
                      disabled={!online}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {entry.fileName}
                    </Button>
                    <Text size="xs" c="dimmed">
                      {entry.uploadedBy} · {entry.uploadedOn.slice(0, 10)}
                    </Text>
                  </div>
                </Group>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  disabled={!online}
                  onClick={() => setRemoving(entry)}
                  aria-label={`Delete ${entry.fileName}`}
                  style={{ flexShrink: 0 }}
                >
                  Delete
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Delete this file?"
        message={`${removing?.fileName ?? ''} is deleted from storage for everyone.`}
        action="Delete"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return
          try {
            await store.remove(inquiry.id, removing)
            notifications.show({ color: 'green', message: INQUIRY_FILE_MESSAGES.removed })
            setRemoving(null)
          } catch (error) {
            setProblem((error as Error).message)
            setRemoving(null)
          }
        }}
      />
    </Stack>
  )
}
