import { map } from 'rxjs/operators'
import { whatsapp } from '@sync/contract/collections/whatsapp'
import type { WhatsAppRow } from '@sync/engine/database'
import { uuidv7 } from '@sync/contract/ids'
import { parseRow } from '@sync/contract/schema'
import { useObservable } from '@/db/hooks'
import { rpc } from '@/lib/rpc'
import { useOpenDatabase } from '@/db/provider'
import { enteredNumber, type MessageRecord, type NumberRecord } from '../logic/chat'

function numberOf(row: WhatsAppRow): NumberRecord | null {
  if (row.kind !== 'number') return null
  return {
    id: row.id,
    wa_id: row.wa_id,
    name: row.data.name,
    status: row.data.status,
    last_received_at: row.last_received_at ?? null,
    last_sent_at: row.last_sent_at ?? null,
    msg_total: row.msg_total ?? 0,
    family_token: row.family_token ?? null,
  }
}

function messageOf(row: WhatsAppRow): MessageRecord | null {
  if (row.kind !== 'message') return null
  return {
    id: row.id,
    wa_id: row.wa_id,
    direction: row.data.direction,
    body: row.data.body,
    mode: row.data.mode ?? null,
    msg_count: row.msg_count ?? null,
    status: row.status ?? null,
    status_reason: row.status_reason ?? null,
    created_at: row.created_at,
  }
}

/** The WhatsApp numbers on this device, live, by name. */
export function useWhatsAppNumbers(): NumberRecord[] | null {
  return useObservable<NumberRecord[] | null>(
    (open) =>
      open.db.whatsapp.find({ selector: { kind: 'number' } }).$.pipe(
        map((docs) =>
          docs
            .map((d) => numberOf(d.toMutableJSON() as WhatsAppRow))
            .filter((n): n is NumberRecord => n !== null)
            .sort((a, b) => a.name.localeCompare(b.name)),
        ),
      ),
    null,
    [],
  )
}

/** Every message on this device, with only what the numbers' list reads of them, live. */
export function useWhatsAppMessageTimes(): Pick<MessageRecord, 'wa_id' | 'created_at'>[] {
  return useObservable<Pick<MessageRecord, 'wa_id' | 'created_at'>[]>(
    (open) =>
      open.db.whatsapp
        .find({ selector: { kind: 'message' } })
        .$.pipe(map((docs) => docs.map((d) => ({ wa_id: d.wa_id, created_at: d.created_at })))),
    [],
    [],
  )
}

/** The messages of one number on this device, live. */
export function useWhatsAppMessages(waId: string | null): MessageRecord[] | null {
  return useObservable<MessageRecord[] | null>(
    (open) =>
      open.db.whatsapp
        .find({ selector: { kind: 'message', wa_id: waId ?? '' } })
        .$.pipe(
          map((docs) =>
            docs
              .map((d) => messageOf(d.toMutableJSON() as WhatsAppRow))
              .filter((m): m is MessageRecord => m !== null),
          ),
        ),
    null,
    [waId],
  )
}

/** Writes go to the device first; the sync engine sends them, and the server sends the message. */
export function useWhatsAppWriter() {
  const collection = useOpenDatabase().db.whatsapp
  return {
    /** onboardWhatsApp: the number, Active (operations.md §4). */
    async addNumber(input: { name: string; number: string }) {
      const wa = enteredNumber(input.number)
      if (!wa) throw new Error('This is not a WhatsApp number')
      await collection.insert(
        parseRow(whatsapp, {
          id: `wa-${wa}`,
          kind: 'number',
          wa_id: wa,
          data: { name: input.name.trim(), status: 'Active' },
          created_at: new Date().toISOString(),
        }),
      )
    },
    async setStatus(id: string, status: 'Active' | 'disabled') {
      const doc = await collection.findOne(id).exec()
      if (!doc || doc.kind !== 'number') throw new Error('WhatsApp number not found')
      await doc.incrementalPatch({ data: { ...doc.data, status } })
    },
    /** sendWhatsAppMessage / initiateWhatsAppMessage: a session message or a template (O12). */
    async send(waId: string, body: string, mode: 'session' | 'template') {
      await collection.insert(
        parseRow(whatsapp, {
          id: uuidv7(),
          kind: 'message',
          wa_id: waId,
          data: { direction: 'out', body: body.trim(), mode },
          created_at: new Date().toISOString(),
        }),
      )
    },
  }
}

/** whatsAppMessageRead (O19): tells the server the chat was read; offline it waits for the next open. */
export async function markRead(waId: string): Promise<void> {
  await rpc<number>('whatsapp_read', { wa_id: waId })
}
