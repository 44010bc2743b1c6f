import { useState } from 'react'
import { notifications } from '@mantine/notifications'
import { DOCUMENT_MESSAGES } from '../logic/documents'
import { QUEUE_MESSAGES, useRecordUpload, type DocumentMeta } from './use-document-queue'
import { documentFileProblem, useProfileWriter } from './use-profile'

/**
 * Sends a checked document: online it uploads with a progress bar (I35) and is recorded in the
 * profile; offline the file waits on the device and uploads when the connection is back. What
 * went wrong is `problem`, in words the person can act on (I40).
 */
export function useDocumentUpload(
  familyId: string,
  enqueue: (file: File, meta: DocumentMeta) => Promise<void>,
  onSent: () => void,
) {
  const writer = useProfileWriter()
  const record = useRecordUpload()
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const send = async (file: File, meta: DocumentMeta) => {
    setProblem(null)
    if (!navigator.onLine) {
      // Offline: the checked file waits on the device and uploads when the connection is back.
      const refused = await documentFileProblem(file)
      if (refused) return setProblem(refused)
      try {
        await enqueue(file, meta)
        notifications.show({ color: 'blue', message: QUEUE_MESSAGES.queued })
        onSent()
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
      onSent()
    } catch (error) {
      // I40: the error is logged, the progress bar goes, and the person reads why.
      console.error('The document could not be uploaded:', error)
      setProblem((error as Error).message)
    } finally {
      setProgress(null)
    }
  }

  return { progress, problem, setProblem, send }
}
