// Two staff devices onboard the same WhatsApp number while offline. A number's record is named
// after the number (wa-<digits>), so both make the same record: the server keeps the first to
// arrive, once, and the other person is told when the name they gave did not survive. Messages
// queued offline to that number reach it once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { whatsapp } from '@sync/contract/collections/index.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, type Device } from './support.ts'

let digits = 0
const newNumber = () => `9198765${String(Date.now() % 100_000).padStart(5, '0')}${++digits}`

describe.each(testDatabases())(
  'one WhatsApp number onboarded on two devices on $name',
  (target) => {
    let host: TestHost
    const open: Device[] = []
    const make = async (label: string) => {
      const d = await device(host, label, [whatsapp])
      open.push(d)
      return d
    }
    const onboard = (d: Device, waId: string, name: string) =>
      d.db.whatsapp.insert({
        id: `wa-${waId}`,
        kind: 'number',
        wa_id: waId,
        data: { name, status: 'Active' },
        created_at: new Date().toISOString(),
      })
    const rows = (waId: string) =>
      host.db.query<{ id: string; kind: string; name: string | null; body: string | null }>(
        `select id, kind, data ->> 'name' as name, data ->> 'body' as body
         from public.whatsapp where wa_id = $1 order by kind, id`,
        [waId],
      )

    beforeAll(async () => {
      host = await startTestHost({ database: target })
    })
    afterEach(async () => {
      await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)))
    })
    afterAll(async () => {
      await host.stop()
      await target.close()
    })

    it('keeps one record and tells the person whose name did not survive', async () => {
      const waId = newNumber()
      const anita = await make('admin')
      const savio = await make('administration')
      anita.goOffline()
      savio.goOffline()
      await onboard(anita, waId, 'Maria Fernandes')
      await onboard(savio, waId, 'Maria (Tiago and Inês)')
      await anita.goOnline()
      await savio.goOnline()

      expect(await rows(waId)).toEqual([
        { id: `wa-${waId}`, kind: 'number', name: 'Maria Fernandes', body: null },
      ])
      expect(anita.lost).toEqual([])
      expect(
        savio.lost.map((l) => [l.collection, l.id, (l.mine.data as { name: string }).name]),
      ).toEqual([['whatsapp', `wa-${waId}`, 'Maria (Tiago and Inês)']])
      expect(savio.refused).toEqual([])
      const kept = await savio.db.whatsapp.findOne(`wa-${waId}`).exec()
      expect(kept!.data).toEqual({ name: 'Maria Fernandes', status: 'Active' })
    })

    it('tells no one when both gave the same name, and queues each offline message once', async () => {
      const waId = newNumber()
      const anita = await make('admin')
      const savio = await make('administration')
      anita.goOffline()
      savio.goOffline()
      await onboard(anita, waId, 'Maria Fernandes')
      await onboard(savio, waId, 'Maria Fernandes')
      for (const [d, id] of [
        [anita, `wam-anita-${waId}`],
        [savio, `wam-savio-${waId}`],
      ] as const)
        await d.db.whatsapp.insert({
          id,
          kind: 'message',
          wa_id: waId,
          data: { direction: 'out', body: `Hello from ${id}`, mode: 'template' },
          created_at: new Date().toISOString(),
        })
      await anita.goOnline()
      await savio.goOnline()

      expect(await rows(waId)).toEqual([
        {
          id: `wam-anita-${waId}`,
          kind: 'message',
          name: null,
          body: `Hello from wam-anita-${waId}`,
        },
        {
          id: `wam-savio-${waId}`,
          kind: 'message',
          name: null,
          body: `Hello from wam-savio-${waId}`,
        },
        { id: `wa-${waId}`, kind: 'number', name: 'Maria Fernandes', body: null },
      ])
      const queued = await host.db.query<{ message_id: string }>(
        `select message_id from public.whatsapp_outbox where message_id like $1 order by message_id`,
        [`%-${waId}`],
      )
      expect(queued.map((q) => q.message_id)).toEqual([`wam-anita-${waId}`, `wam-savio-${waId}`])
      expect([...anita.lost, ...savio.lost]).toEqual([])
      expect([...anita.refused, ...savio.refused]).toEqual([])
    })
  },
)
