// What the WhatsApp pane and chat dialog show (operations.md §2, §9; O12, O15-O18), as pure
// functions over the device's records.
import { whatsappEntry, whatsappNumber } from '@sync/contract/commands/accounts/phone'
import { messageWindow, sendModeFor, type SendMode } from '@sync/rules/messaging/whatsapp'

export interface NumberRecord {
  id: string
  wa_id: string
  name: string
  status: 'Active' | 'disabled'
  last_received_at: string | null
  last_sent_at: string | null
  msg_total: number
  family_token: string | null
}

export interface MessageRecord {
  id: string
  wa_id: string
  direction: 'in' | 'out'
  body: string
  mode: 'session' | 'template' | null
  /** Its place in the chat; null until the server has it. */
  msg_count: number | null
  status: string | null
  status_reason: string | null
  created_at: string
}

/**
 * The live list (O16, O17): the messages whose msg_count lies in the window from 10 below the
 * number's total to 100 above it, at most 100, newest (highest msg_count) first; messages the
 * server has not numbered yet (written on this device, not synced) are the newest of all. Shown
 * oldest first, as a chat reads.
 */
export function liveList(messages: readonly MessageRecord[], total: number): MessageRecord[] {
  const numbered = messages.filter((m) => m.msg_count !== null)
  const window = messageWindow(Math.max(Math.trunc(total), 0))
  const pending = messages
    .filter((m) => m.msg_count === null)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
  const inWindow = numbered
    .filter((m) => m.msg_count! >= window.from && m.msg_count! <= window.to)
    .sort((a, b) => b.msg_count! - a.msg_count!)
  return [...pending, ...inWindow].slice(0, window.limit).reverse()
}

/** The number as the centre keeps it: digits, country code first (E06: 10 digits or fewer get 91). */
export function numberDigits(raw: string): string {
  return whatsappNumber(raw)
}

/**
 * A number to add as the centre stores it, read with the connect-account rules (E05, E09): a
 * country code after '+', else an Indian mobile (a leading trunk 0 dropped); '' when it is not one.
 */
export function enteredNumber(raw: string): string {
  const entry = whatsappEntry(raw)
  return 'number' in entry ? entry.number : ''
}

/** What is wrong with a number to add, in words; null when it can be added. */
export function numberProblems(
  input: { name: string; number: string },
  existing: readonly Pick<NumberRecord, 'wa_id'>[],
): { name?: string; number?: string } {
  const problems: { name?: string; number?: string } = {}
  if (!input.name.trim()) problems.name = 'Enter a name'
  else if (input.name.trim().length > 200) problems.name = 'A name has at most 200 characters'
  const entry = whatsappEntry(input.number)
  if (!input.number.trim()) problems.number = 'Enter a WhatsApp number'
  else if ('problem' in entry) problems.number = entry.problem
  else if (existing.some((n) => n.wa_id === entry.number))
    problems.number = 'This number is already on the list'
  return problems
}

export const STATUS_LABELS: Record<string, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  received: 'Received',
}

/** A message's status in words: not yet synced, queued on the server, then Meta's reports. */
export function statusLabel(message: Pick<MessageRecord, 'status' | 'direction'>): string {
  if (message.direction === 'in') return 'Received'
  return message.status ? (STATUS_LABELS[message.status] ?? message.status) : 'Not synced yet'
}

/** How the next message to this number goes, and the words the chat dialog says about it. */
export function composeMode(
  number: Pick<NumberRecord, 'status' | 'last_received_at'>,
  now: Date,
): { mode: SendMode; note: string } {
  const mode = sendModeFor(number, now)
  if (mode.kind === 'blocked')
    return { mode, note: 'This number is disabled: enable it to send messages.' }
  if (mode.kind === 'session')
    return { mode, note: 'They wrote in the last 24 hours: your message goes as you write it.' }
  return {
    mode,
    note:
      mode.reason === 'never-written'
        ? 'They have not written to the centre yet: your message goes inside the centre’s approved template.'
        : 'More than 24 hours since they last wrote: your message goes inside the centre’s approved template.',
  }
}

/**
 * When the chat with a number last moved (issue 40): the last message in or out that the server
 * recorded on the number, or a later one on this device (one just written, or one the server has
 * not stamped on the number). Null when no message has gone either way.
 */
export function lastMessageAt(
  number: Pick<NumberRecord, 'wa_id' | 'last_received_at' | 'last_sent_at'>,
  messages: readonly Pick<MessageRecord, 'wa_id' | 'created_at'>[],
): string | null {
  let best: { at: string; ms: number } | null = null
  const times = [
    number.last_received_at,
    number.last_sent_at,
    ...messages.filter((m) => m.wa_id === number.wa_id).map((m) => m.created_at),
  ]
  for (const at of times) {
    const ms = at ? Date.parse(at) : Number.NaN
    if (!Number.isNaN(ms) && (!best || ms > best.ms)) best = { at: at!, ms }
  }
  return best?.at ?? null
}
