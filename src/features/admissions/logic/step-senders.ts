// Who a step's e-mail is from and who is copied (O05, O07, O09): the sender accounts the server
// lists for the signed-in member, kept on the device so a step can be taken offline.
import * as z from 'zod/mini'

/** A mail sender account as `mail_sender_accounts` lists it. */
export interface SenderAccount {
  key: string
  display_name: string
  address: string
  is_admissions_office: boolean
}

/** The answer of `mail_sender_accounts`. */
export interface SendersAnswer {
  senders: SenderAccount[]
  mine: string | null
  may_send: boolean
  always: boolean
}

export const SENDING_OFF =
  'E-mail sending is turned off for your account. An admin can turn it on in Members.'

/** The signed-in member's own account (O07), else Team, else the first; '' when there is none. */
export function defaultSender(senders: readonly SenderAccount[], mine: string | null): string {
  return (
    senders.find((s) => mine && s.key === mine)?.key ??
    senders.find((s) => s.key === 'team')?.key ??
    senders[0]?.key ??
    ''
  )
}

/** The copy list a step's e-mail starts with: the admissions office (O05). */
export function defaultCc(senders: readonly SenderAccount[]): string {
  return senders.find((s) => s.is_admissions_office)?.address ?? ''
}

/** Where the last answer is kept, so a step can be taken offline (with whose answer it was). */
export const SENDERS_STORAGE_KEY = 'app.admissions.senders'

const cachedSchema = z.object({
  userId: z.string(),
  answer: z.object({
    senders: z.array(
      z.object({
        key: z.string(),
        display_name: z.string(),
        address: z.string(),
        is_admissions_office: z.boolean(),
      }),
    ),
    mine: z.nullable(z.string()),
    may_send: z.boolean(),
    always: z.boolean(),
  }),
})

/** The last answer this member had on this device, or null (another member's is not theirs). */
export function cachedSenders(
  storage: Pick<Storage, 'getItem'> | null,
  userId: string,
): SendersAnswer | null {
  try {
    const raw = storage?.getItem(SENDERS_STORAGE_KEY)
    if (!raw) return null
    const parsed = cachedSchema.safeParse(JSON.parse(raw))
    return parsed.success && parsed.data.userId === userId ? parsed.data.answer : null
  } catch {
    return null
  }
}

export function cacheSenders(
  storage: Pick<Storage, 'setItem'> | null,
  userId: string,
  answer: SendersAnswer,
): void {
  try {
    storage?.setItem(SENDERS_STORAGE_KEY, JSON.stringify({ userId, answer }))
  } catch {
    // A device without storage asks the server again next time; nothing else depends on it.
  }
}
