import { useCallback, useEffect, useRef, useState } from 'react'
import { notifications } from '@mantine/notifications'
import type { IdentityProofRecord } from '@sync/contract/collections/families'
import { DOCUMENTS_BUCKET } from '@/lib/storage-names'
import { uploadWithThumbnail } from '@/lib/upload'
import {
  queuedUploads,
  queueUpload,
  sendQueuedUploads,
  type QueuedUpload,
} from '@/lib/upload-queue'
import { uuidv7 } from '@sync/contract/ids'
import { familyFilePath, proofRecord, type PersonRef, type ProofValues } from '../logic/documents'
import { useProfileWriter } from './use-profile'

/** What a document upload records once its file is stored. */
export type DocumentMeta =
  | {
      kind: 'proof'
      familyId: string
      ref: PersonRef
      personName: string
      values: ProofValues
    }
  | { kind: 'form' | 'legal'; familyId: string; name: string }

export const QUEUE_MESSAGES = {
  queued: 'Kept on this device: it uploads when you are back online.',
  sent: (n: number) =>
    n === 1 ? '1 waiting document uploaded' : `${n} waiting documents uploaded`,
} as const

const told = new WeakSet<object>()

/** Records a stored file in the profile: a person's identity document, a form or a document. */
export function useRecordUpload() {
  const writer = useProfileWriter()
  return useCallback(
    async (meta: DocumentMeta, path: string, fileName: string) => {
      if (meta.kind === 'proof') {
        const proof: IdentityProofRecord = proofRecord(
          meta.values,
          { path, name: fileName },
          meta.personName,
          new Date(),
        )
        await writer.addProof(meta.familyId, meta.ref, proof)
      } else {
        await writer.addFile(
          meta.familyId,
          meta.kind === 'form' ? 'forms' : 'legalGuardianDocuments',
          meta.name,
          path,
        )
      }
    },
    [writer],
  )
}

/**
 * The family's uploads that wait for a connection (I35 offline): kept on the device, listed,
 * and sent when the connection comes back or the page opens again.
 */
export function useDocumentQueue(familyId: string, owner: string) {
  const record = useRecordUpload()
  // The latest way to record, without making the sending below start again on every render.
  const recordRef = useRef(record)
  useEffect(() => {
    recordRef.current = record
  })
  const [waiting, setWaiting] = useState<QueuedUpload<DocumentMeta>[]>([])
  const refresh = useCallback(async () => {
    const items = await queuedUploads<DocumentMeta>(owner)
    setWaiting(items.filter((item) => item.meta.familyId === familyId))
  }, [familyId, owner])
  const send = useCallback(async () => {
    if (!navigator.onLine) return
    const round = await sendQueuedUploads<DocumentMeta>(owner, async (item) => {
      const file = new File([item.file], item.name, { type: item.type })
      const result = await uploadWithThumbnail(item.bucket, item.path, file, () => undefined)
      if (!result.ok) return false
      await recordRef.current(item.meta, item.path, item.name)
      return true
    })
    await refresh()
    // Callers that joined a running round share its result: it is told once.
    if (round.sent > 0 && !told.has(round)) {
      told.add(round)
      notifications.show({ color: 'green', message: QUEUE_MESSAGES.sent(round.sent) })
    }
  }, [owner, refresh])
  useEffect(() => {
    let live = true
    void queuedUploads<DocumentMeta>(owner).then((items) => {
      if (live) setWaiting(items.filter((item) => item.meta.familyId === familyId))
    })
    // What waits from an earlier visit goes as soon as the page opens online.
    const first = setTimeout(() => void send(), 0)
    const online = () => void send()
    window.addEventListener('online', online)
    return () => {
      live = false
      clearTimeout(first)
      window.removeEventListener('online', online)
    }
  }, [familyId, owner, send])
  return {
    waiting,
    /** Keeps a checked file on the device until it can be uploaded. */
    enqueue: async (file: File, meta: DocumentMeta) => {
      await queueUpload({
        id: uuidv7(),
        owner,
        bucket: DOCUMENTS_BUCKET,
        path: familyFilePath(familyId, file.name, Date.now().toString(36)),
        file,
        name: file.name,
        type: file.type,
        meta,
        queuedAt: new Date().toISOString(),
      })
      await refresh()
    },
  }
}
