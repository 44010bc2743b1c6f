import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/Image.css'
import { useRef, useState } from 'react'
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { LiteImage } from '@/components/lite-image'
import { notifications } from '@mantine/notifications'
import { centreFormat } from '@/lib/time/centre-format'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { uploadWithProgress } from '@/lib/upload'
import { removeFile, useFiles } from '../hooks/use-files'
import {
  FILE_SORTS,
  FILE_TYPES,
  FILES_BUCKET,
  fileProblem,
  sizeLabel,
  sortFiles,
  storedName,
  type FileSort,
  type StoredFile,
} from '../logic/files'

/** The admin's Files pane (F38, F39): the centre's public images, uploaded with progress. */
export function FilesScreen() {
  const { files, error, reload } = useFiles()
  const [sort, setSort] = useState<FileSort>('created')
  const [upload, setUpload] = useState<{ name: string; progress: number } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [removing, setRemoving] = useState<StoredFile | null>(null)
  const input = useRef<HTMLInputElement>(null)

  const send = async (file: File) => {
    const refused = fileProblem(file)
    setProblem(refused)
    if (refused) return
    setUpload({ name: file.name, progress: 0 })
    const name = storedName(file.name, Date.now().toString(36))
    const result = await uploadWithProgress(FILES_BUCKET, name, file, (progress) =>
      setUpload({ name: file.name, progress }),
    )
    setUpload(null)
    if (result.ok) {
      notifications.show({ color: 'green', message: `${file.name} uploaded`, autoClose: 2000 })
      reload()
    } else setProblem(`${file.name} was not uploaded: ${result.message}`)
  }

  const list = files ? sortFiles(files, sort) : []
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Files
          </Title>
          <Text size="sm" c="dimmed">
            Images shown on the website and in the app. PNG, JPEG, GIF or WebP, up to 5 MB.
          </Text>
        </div>
        <Button onClick={() => input.current?.click()} disabled={!!upload}>
          Upload a file
        </Button>
      </Group>
      <input
        ref={input}
        type="file"
        accept={FILE_TYPES.join(',')}
        hidden
        aria-label="File to upload"
        data-testid="file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = ''
          if (file) void send(file)
        }}
      />
      {upload && (
        <Stack gap={4} data-testid="upload-progress">
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
      {error && <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {files ? `${files.length} ${files.length === 1 ? 'file' : 'files'}` : 'Loading…'}
        </Text>
        <Select
          aria-label="Sort files"
          data={FILE_SORTS}
          value={sort}
          onChange={(v) => setSort((v ?? 'created') as FileSort)}
          allowDeselect={false}
          size="xs"
          w={130}
        />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        {list.map((file) => (
          <Paper key={file.name} withBorder p="xs" radius="sm" data-testid="file-card">
            <Stack gap={4}>
              <LiteImage
                src={file.url}
                alt=""
                label={file.name}
                h={100}
                fit="contain"
                loading="lazy"
              />
              <Anchor href={file.url} target="_blank" rel="noreferrer" size="sm" lineClamp={2}>
                {file.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {sizeLabel(file.size)}
                {file.created && ` · ${centreFormat(file.created, 'd MMM yyyy')}`}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => setRemoving(file)}
                aria-label={`Delete ${file.name}`}
              >
                Delete
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={!!removing}
        title="Delete file"
        message={`Delete ${removing?.name ?? ''}? Pages that show it will show nothing in its place.`}
        action="Delete"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return
          const failed = await removeFile(removing.name)
          setRemoving(null)
          if (failed) notifications.show({ color: 'red', message: failed, autoClose: 3000 })
          else {
            notifications.show({ color: 'green', message: 'File deleted', autoClose: 2000 })
            reload()
          }
        }}
      />
    </Stack>
  )
}
