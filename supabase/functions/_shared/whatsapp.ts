// Meta's WhatsApp Cloud API as the centre uses it: the request that sends one message, how an
// answer is read (sent, worth another try, refused for good), the webhook's signature, and what a
// webhook delivery holds. Shared by the `whatsapp` dispatcher, the `whatsapp-webhook` function
// and the Cloud API stand-in of the local host.
import { whatsappNumber } from '@sync/contract/commands/accounts/phone.ts'

export const DEFAULT_API_URL = 'https://graph.facebook.com/v21.0'
export const DEFAULT_TEMPLATE = 'centre_message:en'

export interface OutgoingMessage {
  id: string
  /** The person's number, digits only. */
  to: string
  body: string
  mode: 'session' | 'template'
  recipient: string
}

/** 'name:language' of the approved opening template (WHATSAPP_TEMPLATE). */
export function templateOf(setting: string | undefined): { name: string; language: string } {
  const [name, language] = (setting || DEFAULT_TEMPLATE).split(':')
  return { name: name?.trim() || 'centre_message', language: language?.trim() || 'en' }
}

/**
 * The JSON Meta's `/{phone-number-id}/messages` takes: free text inside the 24-hour window (a
 * session message), otherwise the approved template with the person's name and the text as its
 * two body parameters (O12, O13).
 */
export function messageRequest(
  message: OutgoingMessage,
  template: { name: string; language: string },
): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to }
  if (message.mode === 'session') {
    return { ...base, type: 'text', text: { preview_url: false, body: message.body } }
  }
  return {
    ...base,
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: message.recipient },
            { type: 'text', text: message.body },
          ],
        },
      ],
    },
  }
}

/** The approved template of a parents' meeting invitation, with its two quick replies. */
export const MEETING_TEMPLATE = 'meeting_invitation'

/** What a quick reply of an invitation answers, as the webhook reads it back (N19). */
export const MEETING_ANSWERS = { accepted: "I'll come", rejected: "I can't come" } as const
export type MeetingAnswer = keyof typeof MEETING_ANSWERS

/** The payload a quick reply carries: which participant answered what. */
export function answerPayload(participantId: string, answer: MeetingAnswer): string {
  return `meeting:${participantId}:${answer}`
}

/** The participant and answer a pressed quick reply names, or null for anything else. */
export function readAnswerPayload(
  payload: string | null | undefined,
): { participantId: string; answer: MeetingAnswer } | null {
  const match = /^meeting:(mp-[0-9a-f]{32}):(accepted|rejected)$/.exec(payload ?? '')
  return match ? { participantId: match[1]!, answer: match[2] as MeetingAnswer } : null
}

/**
 * A parents' meeting invitation (N19): the approved template with the guardian's name, the
 * meeting's title and its date and time as body parameters, and the two quick replies, each
 * carrying the participant and the answer so the webhook knows who answered what.
 */
export function invitationRequest(
  message: { to: string; participantId: string; params: string[] },
  language = 'en',
): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: MEETING_TEMPLATE,
      language: { code: language },
      components: [
        {
          type: 'body',
          parameters: message.params.map((text) => ({ type: 'text', text: text.trim() || '-' })),
        },
        ...(['accepted', 'rejected'] as const).map((answer, index) => ({
          type: 'button',
          sub_type: 'quick_reply',
          index: String(index),
          parameters: [{ type: 'payload', payload: answerPayload(message.participantId, answer) }],
        })),
      ],
    },
  }
}

/** The read receipt of a message the person sent (whatsAppMessageRead, O19). */
export function readRequest(wamid: string): Record<string, unknown> {
  return { messaging_product: 'whatsapp', status: 'read', message_id: wamid }
}

export type SendOutcome =
  | { kind: 'sent'; wamid: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'failed'; reason: string }

interface GraphError {
  message?: string
  code?: number
  error_subcode?: number
  error_data?: { details?: string }
}

/** Meta's error codes that say "too fast, try later": throughput and pair rate limits. */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056])

/** What an answer of the Cloud API means for the message. */
export function readAnswer(status: number, body: unknown): SendOutcome {
  const json = (body && typeof body === 'object' ? body : {}) as {
    messages?: { id?: unknown }[]
    error?: GraphError
  }
  const wamid = json.messages?.[0]?.id
  if (status >= 200 && status < 300 && typeof wamid === 'string' && wamid) {
    return { kind: 'sent', wamid }
  }
  const error = json.error ?? {}
  const details = error.error_data?.details
  const reason =
    [
      error.code !== undefined ? `(#${error.code})` : `HTTP ${status}`,
      error.message,
      details && details !== error.message ? details : undefined,
    ]
      .filter(Boolean)
      .join(' ') || `HTTP ${status}`
  if (
    status === 429 ||
    status >= 500 ||
    (error.code !== undefined && RATE_LIMIT_CODES.has(error.code))
  )
    return { kind: 'retry', reason }
  if (status >= 200 && status < 300)
    return { kind: 'retry', reason: 'Meta answered without a message id' }
  return { kind: 'failed', reason: reason.slice(0, 1000) }
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

/** 'sha256=<hex>' of the body with the app secret, as Meta signs every webhook POST. */
export async function signatureOf(body: string, appSecret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(appSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return `sha256=${hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)))}`
}

export interface IncomingMessage {
  from: string
  name: string | null
  wamid: string
  body: string
  at: string
  /** A quick reply's payload (a pressed button of a template), when the message is one. */
  payload: string | null
}

export interface StatusReport {
  wamid: string
  status: 'sent' | 'delivered' | 'read' | 'failed'
  reason: string | null
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed'])

function textOf(message: Record<string, unknown>): string {
  const type = typeof message.type === 'string' ? message.type : 'unknown'
  const text = (message.text as { body?: unknown } | undefined)?.body
  if (typeof text === 'string' && text.trim()) return text
  const button = (message.button as { text?: unknown } | undefined)?.text
  if (typeof button === 'string' && button.trim()) return button
  const caption = (message[type] as { caption?: unknown } | undefined)?.caption
  if (typeof caption === 'string' && caption.trim()) return `(${type}) ${caption}`
  return `(${type})`
}

/** The payload of a pressed quick reply: Meta's `button` message, or an interactive reply. */
function payloadOf(message: Record<string, unknown>): string | null {
  const button = (message.button as { payload?: unknown } | undefined)?.payload
  if (typeof button === 'string' && button) return button.slice(0, 200)
  const reply = (message.interactive as { button_reply?: { id?: unknown } } | undefined)
    ?.button_reply?.id
  return typeof reply === 'string' && reply ? reply.slice(0, 200) : null
}

/**
 * The messages and delivery reports of one webhook delivery (`whatsapp_business_account`
 * changes of field `messages`). A sender's number is read with the centre's prefix rule (E06),
 * so it matches the number as staff entered it.
 */
/**
 * Text as PostgreSQL can keep it: NUL characters dropped and half UTF-16 pairs replaced by U+FFFD.
 * What Meta sends is not the caller's mistake to refuse, so it is kept as well as it can be.
 */
function storable(text: string): string {
  return text
    .split(String.fromCharCode(0))
    .join('')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}

/**
 * When Meta says a message was sent (seconds since 1970, as text), or now when the time is
 * missing or not a date (a time past the calendar's end would otherwise break the delivery).
 */
function sentAt(timestamp: unknown): string {
  const ms = Number(timestamp) * 1000
  const date = new Date(Number.isFinite(ms) && ms > 0 ? ms : Date.now())
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString()
}

export function readWebhook(payload: unknown): {
  messages: IncomingMessage[]
  statuses: StatusReport[]
} {
  const messages: IncomingMessage[] = []
  const statuses: StatusReport[] = []
  const entries = (payload as { entry?: unknown })?.entry
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown })?.changes
    for (const change of Array.isArray(changes) ? changes : []) {
      const value = (change as { value?: Record<string, unknown> })?.value
      if (!value || typeof value !== 'object') continue
      const contacts = Array.isArray(value.contacts)
        ? (value.contacts as Record<string, unknown>[])
        : []
      for (const m of Array.isArray(value.messages)
        ? (value.messages as Record<string, unknown>[])
        : []) {
        if (typeof m?.from !== 'string' || typeof m.id !== 'string') continue
        const from = whatsappNumber(m.from)
        if (!/^[0-9]{8,15}$/.test(from)) continue
        const contact = contacts.find(
          (c) => typeof c.wa_id === 'string' && whatsappNumber(c.wa_id) === from,
        )
        const name = (contact?.profile as { name?: unknown } | undefined)?.name
        messages.push({
          from,
          name: typeof name === 'string' ? storable(name) : null,
          // Meta's ids are plain text; one that PostgreSQL cannot keep is kept as well as it can be.
          wamid: storable(m.id),
          body: storable(textOf(m)),
          at: sentAt(m.timestamp),
          payload: payloadOf(m),
        })
      }
      for (const s of Array.isArray(value.statuses)
        ? (value.statuses as Record<string, unknown>[])
        : []) {
        if (typeof s?.id !== 'string' || typeof s.status !== 'string' || !STATUSES.has(s.status))
          continue
        const errors = Array.isArray(s.errors)
          ? (s.errors as GraphError[] & { title?: string }[])
          : []
        const reason = errors
          .map((e) => {
            const error = e as GraphError & { title?: string }
            return [
              error.code !== undefined ? `(#${error.code})` : '',
              error.title ?? error.message ?? '',
              error.error_data?.details ?? '',
            ]
              .filter(Boolean)
              .join(' ')
          })
          .filter(Boolean)
          .join('; ')
        statuses.push({
          wamid: s.id,
          status: s.status as StatusReport['status'],
          reason: storable(reason) || null,
        })
      }
    }
  }
  return { messages, statuses }
}
