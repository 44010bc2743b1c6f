import { useState } from 'react'
import { Alert, Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { IdentityProofRecord } from '@sync/contract/collections/families'
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { useAppStatus } from '@/lib/app-status/hooks'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centreFormat } from '@/lib/time/centre-format'
import { useProfileWriter } from '../hooks/use-profile'
import { useDocumentQueue, type DocumentMeta } from '../hooks/use-document-queue'
import {
  DOCUMENT_MESSAGES,
  documentPeople,
  needsLegalGuardianDocuments,
  todayIso,
  type PersonRef,
} from '../logic/documents'
import { DocumentSection, FileLine, Waiting } from './document-lines'
import { UploadDialog, type Upload } from './document-upload-dialog'

const sameRef = (a: PersonRef, b: PersonRef) =>
  a.kind === b.kind &&
  (a.kind === 'guardian' ? a.index === (b as typeof a).index : a.id === (b as typeof a).id)

/** A document's dates as the centre writes them everywhere: '9 Jan 2027'. */
const day = (iso: string | null | undefined) => (iso ? centreFormat(iso, 'd MMM yyyy') : '')

const proofDetail = (p: IdentityProofRecord) =>
  [
    p.identityProofType,
    p.identityProofSelection,
    p.hasExpiryDate && p.expiryDate ? `expires ${day(p.expiryDate)}` : '',
  ]
    .filter(Boolean)
    .join(' · ')

const uploadedDetail = (f: { uploaded_At?: string | null }) =>
  f.uploaded_At ? `uploaded ${day(f.uploaded_At)}` : ''

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
  const people = documentPeople(family.data, children, todayIso())
  const open = (path: string | null | undefined) =>
    path &&
    writer
      .link(path)
      .then((url) => window.open(url, '_blank', 'noopener'))
      .catch((error: Error) => setProblem(error.message))
  const [deleting, setDeleting] = useState<{ path: string; name: string } | null>(null)
  const remove = (path: string | null | undefined, name: string | null | undefined) =>
    path && setDeleting({ path, name: name ?? 'this file' })
  const fileLine = (
    f: { fileURL?: string | null; fileName?: string | null },
    i: number,
    fallback: string,
    detail: string,
    expired?: boolean,
  ) => (
    <FileLine
      key={f.fileURL ?? i}
      name={f.fileName ?? fallback}
      detail={detail}
      expired={expired}
      onOpen={() => void open(f.fileURL)}
      onDelete={() => remove(f.fileURL, f.fileName)}
      online={online}
    />
  )
  const forms = family.data.forms ?? []
  const legal = family.data.legalGuardianDocuments ?? []
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
        <DocumentSection
          key={person.key}
          title={person.name}
          action="Upload a document"
          onUpload={() => setUpload({ kind: 'proof', person })}
          needs={person.needs}
        >
          {person.proofs.map((proof, i) =>
            fileLine(
              proof,
              i,
              'Document',
              proofDetail(proof),
              proof.hasExpiryDate === true && !!proof.expiryDate && proof.expiryDate < todayIso(),
            ),
          )}
          <Waiting
            names={waitingFor((meta) => meta.kind === 'proof' && sameRef(meta.ref, person.ref))}
          />
        </DocumentSection>
      ))}
      <DocumentSection
        title="Forms"
        action="Upload a form"
        onUpload={() => setUpload({ kind: 'form' })}
        needs={forms.length === 0 ? ['the signed admission form'] : []}
      >
        {forms.map((f, i) => fileLine(f, i, 'Form', uploadedDetail(f)))}
        <Waiting names={waitingFor((meta) => meta.kind === 'form')} />
      </DocumentSection>
      {needsLegalGuardianDocuments(family.data) && (
        <DocumentSection
          title="Legal guardian documents"
          action="Upload a document"
          onUpload={() => setUpload({ kind: 'legal' })}
          needs={
            legal.length === 0 ? ["a document showing who the child's legal guardians are"] : []
          }
        >
          {legal.map((f, i) => fileLine(f, i, 'Document', uploadedDetail(f)))}
          <Waiting names={waitingFor((meta) => meta.kind === 'legal')} />
        </DocumentSection>
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
