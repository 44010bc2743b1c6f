import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import {
  clearUploads,
  queuedUploads,
  queueUpload,
  sendQueuedUploads,
  type QueuedUpload,
} from './upload-queue'

const item = (id: string, owner = 'u1', queuedAt = `2026-11-27T05:0${id}:00Z`): QueuedUpload => ({
  id,
  owner,
  bucket: 'documents',
  path: `families/f/${id}.pdf`,
  file: new Blob(['%PDF-1.7']),
  name: `${id}.pdf`,
  type: 'application/pdf',
  meta: { kind: 'form', name: id },
  queuedAt,
})

afterEach(() => clearUploads())

describe('uploads waiting on the device', () => {
  it("are each person's own, oldest first", async () => {
    await queueUpload(item('2'))
    await queueUpload(item('1'))
    await queueUpload(item('3', 'u2'))
    expect((await queuedUploads('u1')).map((i) => i.id)).toEqual(['1', '2'])
    expect((await queuedUploads('u2')).map((i) => i.id)).toEqual(['3'])
  })

  it('leave the queue once sent, and stay when sending fails', async () => {
    await queueUpload(item('1'))
    await queueUpload(item('2'))
    const seen: string[] = []
    const result = await sendQueuedUploads('u1', async (i) => {
      seen.push(i.id)
      if (i.id === '2') throw new Error('connection lost')
      return true
    })
    expect(seen).toEqual(['1', '2'])
    expect(result).toEqual({ sent: 1, failed: 1 })
    expect((await queuedUploads('u1')).map((i) => i.id)).toEqual(['2'])
  })

  it('are sent once even when two rounds are asked for at the same time', async () => {
    await queueUpload(item('1'))
    let sends = 0
    const send = async () => {
      sends++
      await new Promise((r) => setTimeout(r, 20))
      return true
    }
    const [a, b] = await Promise.all([sendQueuedUploads('u1', send), sendQueuedUploads('u1', send)])
    expect(sends).toBe(1)
    expect(a).toEqual({ sent: 1, failed: 0 })
    expect(b).toBe(a)
    expect(await queuedUploads('u1')).toEqual([])
  })

  it('are emptied for a person who signs out', async () => {
    await queueUpload(item('1'))
    await queueUpload(item('2', 'u2'))
    await clearUploads('u1')
    expect(await queuedUploads('u1')).toEqual([])
    expect(await queuedUploads('u2')).toHaveLength(1)
  })
})
