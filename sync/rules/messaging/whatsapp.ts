// WhatsApp's rules (operations.md §3, §4, §9; O12, O16, O17): which kind of message a number may
// get now, and which messages the chat dialog's live list shows.

/** Meta's customer-service window: a free-form message may follow a person's own message for 24 h. */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000

/** The live list holds at most this many messages (O16). */
export const LIVE_LIST_LIMIT = 100
/** The live list's window starts this many below the total count (O17)… */
export const WINDOW_BELOW = 10
/** …and ends this many above it. */
export const WINDOW_ABOVE = 100

export interface WhatsAppNumberState {
  status: 'Active' | 'disabled' | string
  /** When the person last wrote to the centre (ISO time), if ever. */
  last_received_at?: string | null
}

export type SendMode =
  | { kind: 'session' }
  | { kind: 'template'; reason: 'never-written' | 'window-closed' }
  | { kind: 'blocked'; reason: 'disabled' }

/**
 * How a message to this number must go (O12, §4): inside 24 hours of the person's last message a
 * session (free-form) message; otherwise only an approved template can open the conversation,
 * never free text. A disabled number gets nothing. The stored `isSession` flag mirrors this
 * answer; the answer is worked out from the time so that a window that has just closed is never
 * treated as open.
 */
export function sendModeFor(number: WhatsAppNumberState, now: Date): SendMode {
  if (number.status !== 'Active') return { kind: 'blocked', reason: 'disabled' }
  if (!number.last_received_at) return { kind: 'template', reason: 'never-written' }
  const last = Date.parse(number.last_received_at)
  if (Number.isNaN(last)) return { kind: 'template', reason: 'never-written' }
  const age = now.getTime() - last
  return age >= 0 && age < SESSION_WINDOW_MS
    ? { kind: 'session' }
    : { kind: 'template', reason: 'window-closed' }
}

/** The msg_count range the chat's live list asks for (O17): 250 messages → 240 to 350. */
export function messageWindow(total: number): { from: number; to: number; limit: number } {
  if (!Number.isInteger(total) || total < 0) {
    throw new RangeError(`A message count is a whole number of 0 or more, not ${total}`)
  }
  return {
    from: Math.max(total - WINDOW_BELOW, 0),
    to: total + WINDOW_ABOVE,
    limit: LIVE_LIST_LIMIT,
  }
}
