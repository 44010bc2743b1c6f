import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Checkbox.css'
import { useState } from 'react'
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { IdentityProofRecord } from '@sync/contract/collections/families'
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import { ID_DOCUMENTS, type IdentityProofType } from '@sync/rules/families/profile'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { useAppStatus } from '@/lib/app-status/hooks'
import { useAuthMember } from '@/lib/auth/use-auth'
import { DOCUMENT_TYPES } from '@/lib/storage-names'
import { documentFileProblem, useProfileWriter } from '../hooks/use-profile'
import {
  QUEUE_MESSAGES,
  useDocumentQueue,
  useRecordUpload,
  type DocumentMeta,
} from '../hooks/use-document-queue'
import {
  DOCUMENT_MESSAGES,
  documentPeople,
  FORM_TYPES,
  needsLegalGuardianDocuments,
  type DocumentPerson,
  type PersonRef,
} from '../logic/documents'

const today = () => new Date().toISOString().slice(0, 10)

type Upload = { kind: 'proof'; person: DocumentPerson } | { kind: 'form' } | { kind: 'legal' }

/** The document and form upload dialogs (I21, I22), with a progress bar (I35). */
function UploadDialog({
  upload,
  familyId,
  enqueue,
  onClose,
}: {
  upload: Upload | null
  familyId: string
  enqueue(file: File, meta: DocumentMeta): Promise<void>
  onClose(): void
}) {
  const writer = useProfileWriter()
  const record = useRecordUpload()
  const [file, setFile] = useState<File | null>(null)
  const [type, setType] = useState<IdentityProofType>('ID Proof')
  const [document, setDocument] = useState<string>(ID_DOCUMENTS[0].name)
  const [hasExpiry, setHasExpiry] = useState(true)
  const [expiry, setExpiry] = useState(today)
  const [formName, setFormName] = useState('')
  const [formType, setFormType] = useState<string>(FORM_TYPES[0])
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const title =
    upload?.kind === 'proof'
      ? `An identity document of ${upload.person.name}`
      : upload?.kind === 'legal'
        ? 'A legal guardian document'
        : 'A family form'
  const send = async () => {
    if (!upload) return
    if (!file) return setProblem('Choose the file to upload.')
    if (upload.kind === 'form' && !formName.trim()) return setProblem('Name the form.')
    if (upload.kind === 'proof' && hasExpiry && !/^\d{4}-\d{2}-\d{2}$/.test(expiry))
      return setProblem('Enter the expiry date.')
    setProblem(null)
    const meta: DocumentMeta =
      upload.kind === 'proof'
        ? {
            kind: 'proof',
            familyId,
            ref: upload.person.ref,
            personName: upload.person.name,
            values: {
              person: upload.person.key,
              documentType: type,
              document,
              hasExpiryDate: hasExpiry,
              expiryDate: expiry,
            },
          }
        : {
            kind: upload.kind,
            familyId,
            name: upload.kind === 'form' ? `${formType}: ${formName.trim()}` : file.name,
          }
    if (!navigator.onLine) {
      // Offline: the checked file waits on the device and uploads when the connection is back.
      const refused = await documentFileProblem(file)
      if (refused) return setProblem(refused)
      try {
        await enqueue(file, meta)
        notifications.show({ color: 'blue', message: QUEUE_MESSAGES.queued })
        setFile(null)
        onClose()
      } catch (error) {
        setProblem((error as Error).message)
      }
      return
    }
    setProgress(0)
    try {
      const path = await writer.upload(familyId, file, setProgress)
      await record(meta, path, file.name)
      notifications.show({ color: 'green', message: DOCUMENT_MESSAGES.uploaded })
      setFile(null)
      onClose()
    } catch (error) {
      // I40: the error is logged, the progress bar goes, and the person reads why.
      console.error('The document could not be uploaded:', error)
      setProblem((error as Error).message)
    } finally {
      setProgress(null)
    }
  }
  return (
    <Modal opened={upload !== null} onClose={onClose} title={title}>
      <Stack gap="sm">
        <FileInput
          label="File"
          placeholder="PDF or image, up to 10 MB"
          accept={DOCUMENT_TYPES.join(',')}
          value={file}
          onChange={setFile}
          required
          clearable
        />
        {upload?.kind === 'proof' && (
          <>
            <NativeSelect
              label="Document type"
              value={type}
              onChange={(e) => setType(e.currentTarget.value as IdentityProofType)}
              data={upload.person.types}
            />
            <NativeSelect
              label="Document"
              value={document}
              onChange={(e) => setDocument(e.currentTarget.value)}
              data={ID_DOCUMENTS.map((d) => ({
                value: d.name,
                label: `${d.name} (print ${d.printSize})`,
              }))}
            />
            <Text size="sm">Person: {upload.person.name}</Text>
            <Checkbox
              label="This document has an expiry date"
              checked={hasExpiry}
              onChange={(e) => setHasExpiry(e.currentTarget.checked)}
            />
            {hasExpiry && (
              <TextInput
                label="Expiry date"
                type="date"
                value={expiry}
                onChange={(e) => setExpiry(e.currentTarget.value)}
              />
            )}
          </>
        )}
        {upload?.kind === 'form' && (
          <>
            <TextInput
              label="Form name"
              value={formName}
              onChange={(e) => setFormName(e.currentTarget.value)}
              required
              maxLength={100}
            />
            <NativeSelect
              label="Form type"
              value={formType}
              onChange={(e) => setFormType(e.currentTarget.value)}
              data={[...FORM_TYPES]}
            />
          </>
        )}
        {progress !== null && (
          <Stack gap={4}>
            <Text size="sm">Uploading… {Math.round(progress * 100)}%</Text>
            <Progress value={progress * 100} aria-label={`Uploading ${file?.name ?? ''}`} />
          </Stack>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={progress !== null}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={progress !== null}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

function FileLine({
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

function Waiting({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name, i) => (
        <Group key={`${name}-${i}`} gap={6} wrap="nowrap" data-testid="waiting-upload">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Badge size="xs" color="blue" variant="light">
            Waiting for a connection
          </Badge>
        </Group>
      ))}
    </>
  )
}

const sameRef = (a: PersonRef, b: PersonRef) =>
  a.kind === b.kind &&
  (a.kind === 'guardian' ? a.index === (b as typeof a).index : a.id === (b as typeof a).id)

const proofDetail = (p: IdentityProofRecord) =>
  [p.identityProofType, p.identityProofSelection, p.hasExpiryDate ? `expires ${p.expiryDate}` : '']
    .filter(Boolean)
    .join(' · ')

/** The wizard's last step: each person's identity documents, the family's forms (I21–I23). */
export function ProfileDocuments({
  family,
  children,
}: {
  family: FamilyRow
  children: readonly StudentRow[]
}) {
  const writer = useProfileWriter()
  const { online } = useAppStatus()
  const member = useAuthMember()
  const queue = useDocumentQueue(family.id, member?.userId ?? 'nobody')
  const waitingFor = (match: (meta: DocumentMeta) => boolean) =>
    queue.waiting.filter((item) => match(item.meta)).map((item) => item.name)
  const [upload, setUpload] = useState<Upload | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const people = documentPeople(family.data, children, today())
  const open = (path: string | null | undefined) =>
    path &&
    writer
      .link(path)
      .then((url) => window.open(url, '_blank', 'noopener'))
      .catch((error: Error) => setProblem(error.message))
  const [deleting, setDeleting] = useState<{ path: string; name: string } | null>(null)
  const remove = (path: string | null | undefined, name: string | null | undefined) =>
    path && setDeleting({ path, name: name ?? 'this file' })
  return (
    <Stack gap="md" data-testid="profile-documents">
      {!online && (
        <Alert color="yellow">
          You are offline: a document you add waits on this device and uploads when you are back
          online.
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {people.map((person) => (
        <Paper
          key={person.key}
          withBorder
          radius="md"
          p="sm"
          component="section"
          aria-label={person.name}
        >
          <Group justify="space-between" mb={4} wrap="wrap">
            <Title order={3} size="h5">
              {person.name}
            </Title>
            <Button size="xs" variant="light" onClick={() => setUpload({ kind: 'proof', person })}>
              Upload a document
            </Button>
          </Group>
          {person.needs.map((need) => (
            <Text key={need} size="sm" c="orange.8">
              Needed: {need}
            </Text>
          ))}
          {person.proofs.map((proof, i) => (
            <FileLine
              key={proof.fileURL ?? i}
              name={proof.fileName ?? 'Document'}
              detail={proofDetail(proof)}
              expired={
                proof.hasExpiryDate === true && !!proof.expiryDate && proof.expiryDate < today()
              }
              onOpen={() => void open(proof.fileURL)}
              onDelete={() => remove(proof.fileURL, proof.fileName)}
              online={online}
            />
          ))}
          <Waiting
            names={waitingFor((meta) => meta.kind === 'proof' && sameRef(meta.ref, person.ref))}
          />
        </Paper>
      ))}
      <Paper withBorder radius="md" p="sm" component="section" aria-label="Forms">
        <Group justify="space-between" mb={4} wrap="wrap">
          <Title order={3} size="h5">
            Forms
          </Title>
          <Button size="xs" variant="light" onClick={() => setUpload({ kind: 'form' })}>
            Upload a form
          </Button>
        </Group>
        {(family.data.forms ?? []).length === 0 && (
          <Text size="sm" c="orange.8">
            Needed: the signed admission form
          </Text>
        )}
        {(family.data.forms ?? []).map((f, i) => (
          <FileLine
            key={f.fileURL ?? i}
            name={f.fileName ?? 'Form'}
            detail={f.uploaded_At ? `uploaded ${f.uploaded_At.slice(0, 10)}` : ''}
            onOpen={() => void open(f.fileURL)}
            onDelete={() => remove(f.fileURL, f.fileName)}
            online={online}
          />
        ))}
        <Waiting names={waitingFor((meta) => meta.kind === 'form')} />
      </Paper>
      {needsLegalGuardianDocuments(family.data) && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          component="section"
          aria-label="Legal guardian documents"
        >
          <Group justify="space-between" mb={4} wrap="wrap">
            <Title order={3} size="h5">
              Legal guardian documents
            </Title>
            <Button size="xs" variant="light" onClick={() => setUpload({ kind: 'legal' })}>
              Upload a document
            </Button>
          </Group>
          {(family.data.legalGuardianDocuments ?? []).length === 0 && (
            <Text size="sm" c="orange.8">
              Needed: a document showing who the child&apos;s legal guardians are
            </Text>
          )}
          {(family.data.legalGuardianDocuments ?? []).map((f, i) => (
            <FileLine
              key={f.fileURL ?? i}
              name={f.fileName ?? 'Document'}
              detail={f.uploaded_At ? `uploaded ${f.uploaded_At.slice(0, 10)}` : ''}
              onOpen={() => void open(f.fileURL)}
              onDelete={() => remove(f.fileURL, f.fileName)}
              online={online}
            />
          ))}
          <Waiting names={waitingFor((meta) => meta.kind === 'legal')} />
        </Paper>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this document?"
        message={`${deleting?.name ?? ''} is deleted for the family and the office.`}
        action="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return
          try {
            await writer.removeFile(family.id, deleting.path)
            notifications.show({ color: 'green', message: DOCUMENT_MESSAGES.removed })
          } catch (error) {
            setProblem((error as Error).message)
          }
          setDeleting(null)
        }}
      />
      <UploadDialog
        key={upload ? (upload.kind === 'proof' ? upload.person.key : upload.kind) : 'none'}
        upload={upload}
        familyId={family.id}
        enqueue={queue.enqueue}
        onClose={() => setUpload(null)}
      />
    </Stack>
  )
}
