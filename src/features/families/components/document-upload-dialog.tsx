import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Checkbox.css'
import { useState } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { ID_DOCUMENTS, type IdentityProofType } from '@sync/rules/families/profile'
import { DOCUMENT_TYPES } from '@/lib/storage-names'
import type { DocumentMeta } from '../hooks/use-document-queue'
import { useDocumentUpload } from '../hooks/use-document-upload'
import { FORM_TYPES, type DocumentPerson } from '../logic/documents'

export type Upload =
  { kind: 'proof'; person: DocumentPerson } | { kind: 'form' } | { kind: 'legal' }

const titleOf = (upload: Upload | null) =>
  upload?.kind === 'proof'
    ? `An identity document of ${upload.person.name}`
    : upload?.kind === 'legal'
      ? 'A legal guardian document'
      : 'A family form'

/** The document and form upload dialogs (I21, I22), with a progress bar (I35). */
export function UploadDialog({
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
  const [file, setFile] = useState<File | null>(null)
  const [proof, setProof] = useState<ProofChoice>({
    type: 'ID Proof',
    document: ID_DOCUMENTS[0].name,
    // Nothing is claimed for the parent: they say whether the document expires, and when.
    hasExpiry: false,
    expiry: '',
  })
  const [formName, setFormName] = useState('')
  const [formType, setFormType] = useState<string>(FORM_TYPES[0])
  const { progress, problem, setProblem, send } = useDocumentUpload(familyId, enqueue, () => {
    setFile(null)
    onClose()
  })
  const submit = async () => {
    if (!upload) return
    if (!file) return setProblem('Choose the file to upload.')
    if (upload.kind === 'form' && !formName.trim()) return setProblem('Name the form.')
    if (upload.kind === 'proof' && proof.hasExpiry && !/^\d{4}-\d{2}-\d{2}$/.test(proof.expiry))
      return setProblem('Enter the expiry date.')
    const meta: DocumentMeta =
      upload.kind === 'proof'
        ? {
            kind: 'proof',
            familyId,
            ref: upload.person.ref,
            personName: upload.person.name,
            values: {
              person: upload.person.key,
              documentType: proof.type,
              document: proof.document,
              hasExpiryDate: proof.hasExpiry,
              expiryDate: proof.expiry,
            },
          }
        : {
            kind: upload.kind,
            familyId,
            name: upload.kind === 'form' ? `${formType}: ${formName.trim()}` : file.name,
          }
    await send(file, meta)
  }
  return (
    <Modal opened={upload !== null} onClose={onClose} title={titleOf(upload)}>
      <Stack gap="sm">
        <FileInput
          label="File"
          placeholder="PDF or image, up to 10 MB"
          accept={DOCUMENT_TYPES.join(',')}
          value={file}
          onChange={setFile}
          required
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        />
        {upload?.kind === 'proof' && (
          <ProofFields person={upload.person} value={proof} onChange={setProof} />
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
          <Button onClick={() => void submit()} loading={progress !== null}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** E17, E18: the size a document is printed at, said beside the choice (not in its name). */
const printSizeOf = (name: string) => {
  const size = ID_DOCUMENTS.find((d) => d.name === name)?.printSize
  return size ? `Print it at ${size}` : undefined
}

interface ProofChoice {
  type: IdentityProofType
  document: string
  hasExpiry: boolean
  expiry: string
}

/** What an identity document is: its type, which document, whose, and when it expires. */
function ProofFields({
  person,
  value,
  onChange,
}: {
  person: DocumentPerson
  value: ProofChoice
  onChange(next: ProofChoice): void
}) {
  return (
    <>
      <NativeSelect
        label="Document type"
        value={value.type}
        onChange={(e) => onChange({ ...value, type: e.currentTarget.value as IdentityProofType })}
        data={person.types}
      />
      <NativeSelect
        label="Document"
        value={value.document}
        onChange={(e) => onChange({ ...value, document: e.currentTarget.value })}
        data={ID_DOCUMENTS.map((d) => d.name)}
        description={printSizeOf(value.document)}
      />
      <Text size="sm">Person: {person.name}</Text>
      <Checkbox
        label="This document has an expiry date"
        checked={value.hasExpiry}
        onChange={(e) => onChange({ ...value, hasExpiry: e.currentTarget.checked })}
      />
      {value.hasExpiry && (
        <TextInput
          label="Expiry date"
          type="date"
          value={value.expiry}
          onChange={(e) => onChange({ ...value, expiry: e.currentTarget.value })}
        />
      )}
    </>
  )
}
