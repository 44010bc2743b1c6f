// One outbox row as a nodemailer message: sender, recipients, the HTML body (a receipt's written
// here first, from the centre's template and the payment), attachments read from storage or
// carried inline, and a Message-ID derived from the row so a resend is recognisable.
import type { SupabaseClient } from '@supabase/supabase-js'
import { centreDefaults } from '@sync/contract/centre-defaults.ts'
import type { PaymentData } from '@sync/contract/collections/payments.ts'
import type { MeetingInvite } from '@sync/rules/admissions/steps.ts'
import {
  feedbackPdf,
  feedbackPdfFilename,
  type FeedbackPdfInput,
} from '@sync/rules/feedback/pdf.ts'
import { receiptEmail, type ReceiptKind } from '@sync/rules/fees/receipt-mail.ts'
import { MissingPlaceholderError, type TemplateText } from '@sync/rules/messaging/templates.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { feedbackFonts } from '../_shared/feedback-fonts.ts'
import { meetingInvite } from '../_shared/invite.ts'
import { paymentReceipt } from '../_shared/payment-receipt.ts'

export interface OutboxRow {
  id: string
  sender: string | null
  recipients: string[]
  cc: string[] | null
  subject: string
  html_body: string
  attachments: unknown
  email_type: string | null
  attempts: number
  /** What the server answered for each address so far, keyed by the address in lower case. */
  deliveries?: Record<string, { status: 'sent' | 'retrying' | 'refused' }> | null
  /** What the message is written from before it is sent ({ receipt: payment id }); null once written. */
  compose?: { receipt?: unknown } | null
}

/** An attachment as rows store it: a storage object, or content carried in the row. */
type StoredAttachment =
  | string
  | { bucket: string; path: string; filename?: string; contentType?: string }
  | {
      filename: string
      content: string
      encoding?: 'base64' | 'utf8'
      contentType?: string
      /** The Content-ID the HTML shows it by (`<img src="cid:…">`): sent inline. */
      cid?: string
    }
  /** A recorded payment's receipt, made as a PDF when the message is sent. */
  | { receipt: string }
  /** A meeting's calendar invite, made as an iCalendar file when the message is sent. */
  | { invite: MeetingInvite }
  /** A child's released feedback for a term, made as a PDF when the message is sent. */
  | { feedback: { student: string; term: string } }

interface MailAttachment {
  filename: string
  content: string
  encoding?: string
  contentType?: string
  cid?: string
}

export interface Message {
  from: string
  to: string[]
  cc: string[]
  subject: string
  html: string
  messageId: string
  headers: Record<string, string>
  attachments: MailAttachment[]
  /** Who the server is asked to deliver to: the addresses not yet accepted or refused for good. */
  envelope: { from: string; to: string[] }
}

function permanent(message: string): Error {
  return Object.assign(new Error(message), { permanent: true })
}

/** The bare address of `Name <a@b>` or `a@b`, in lower case, as deliveries are keyed. */
export function addressOf(entry: string): string {
  const angle = /<([^>]+)>\s*$/.exec(entry)
  return (angle ? angle[1]! : entry).trim().toLowerCase()
}

/**
 * The addresses still to deliver to: every recipient and copy the server has not yet accepted
 * or refused for good, each once. A message tried again after some addresses took it goes only
 * to the others.
 */
export function pendingAddresses(row: Pick<OutboxRow, 'recipients' | 'cc' | 'deliveries'>) {
  const done = row.deliveries ?? {}
  const all = [...row.recipients, ...(row.cc ?? [])].map(addressOf)
  return [...new Set(all)].filter((a) => {
    const status = done[a]?.status
    return status !== 'sent' && status !== 'refused'
  })
}

function domainOf(address: string, siteUrl: string): string {
  const at = /@([^>\s]+)>?\s*$/.exec(address)
  if (at) return at[1]!.toLowerCase()
  try {
    return new URL(siteUrl).hostname || 'localhost'
  } catch {
    return 'localhost'
  }
}

// Base64 text travels the same way through nodemailer in Node and in Deno (which has no Buffer).
function base64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

async function readAttachment(db: SupabaseClient, item: StoredAttachment): Promise<MailAttachment> {
  if (typeof item === 'object' && 'invite' in item) {
    const { filename, content, contentType } = meetingInvite(item.invite)
    return { filename, content, encoding: 'base64', contentType }
  }
  if (typeof item === 'object' && 'feedback' in item) {
    const { student, term } = item.feedback
    const { data, error } = await db.rpc('outbox_feedback_pdf', { student, term })
    if (error) throw new Error(`outbox_feedback_pdf: ${error.message}`)
    const source = data as Omit<FeedbackPdfInput, 'centreName' | 'term'> | null
    if (!source) throw permanent(`No feedback is released for ${student} in ${term}`)
    const bytes = await feedbackPdf(
      { ...source, centreName: centreDefaults.name, term },
      await feedbackFonts(),
    )
    return {
      filename: feedbackPdfFilename(source.studentName, term),
      content: base64(bytes),
      encoding: 'base64',
      contentType: 'application/pdf',
    }
  }
  if (typeof item === 'object' && 'receipt' in item) {
    const receipt = await paymentReceipt(db, item.receipt)
    if (!receipt) throw permanent(`Payment ${item.receipt} has no receipt: it is not recorded`)
    return {
      filename: receipt.filename,
      content: base64(receipt.bytes),
      encoding: 'base64',
      contentType: 'application/pdf',
    }
  }
  if (typeof item === 'string' || 'bucket' in item) {
    const ref =
      typeof item === 'string'
        ? { path: item.slice(item.indexOf('/') + 1), bucket: item.split('/')[0]! }
        : item
    const { data, error } = await db.storage.from(ref.bucket).download(ref.path)
    // Not permanent: the file may simply not have been uploaded yet by an offline device.
    if (error || !data)
      throw new Error(
        `Attachment ${ref.bucket}/${ref.path} could not be read: ${error?.message ?? 'no data'}`,
      )
    return {
      filename: ('filename' in ref && ref.filename) || ref.path.split('/').pop()!,
      content: base64(new Uint8Array(await data.arrayBuffer())),
      encoding: 'base64',
      contentType: ('contentType' in ref && ref.contentType) || data.type || undefined,
    }
  }
  if (typeof item.filename !== 'string' || typeof item.content !== 'string') {
    throw permanent('An attachment has neither a storage path nor inline content')
  }
  return {
    filename: item.filename,
    content: item.content,
    encoding: item.encoding ?? 'base64',
    ...(item.contentType ? { contentType: item.contentType } : {}),
    ...(typeof item.cid === 'string' && /^[\w.@-]{1,100}$/.test(item.cid) ? { cid: item.cid } : {}),
  }
}

/** What `outbox_receipt_mail` answers: the payment, the centre's template, who recorded it. */
interface ReceiptSource {
  kind: ReceiptKind
  number: string
  data: Partial<PaymentData>
  template: TemplateText | null
  senderName: string | null
}

/**
 * A receipt's subject and body, written from the centre's template and the recorded payment and
 * kept on the row (so the log shows it, and a retry sends the same text). The text a device
 * sent with the payment is never used: the database did not keep it.
 */
async function composeReceipt(
  db: SupabaseClient,
  env: FunctionEnv,
  row: OutboxRow,
): Promise<{ subject: string; html: string }> {
  const { data, error } = await db.rpc('outbox_receipt_mail', { email: row.id })
  if (error) throw new Error(`outbox_receipt_mail: ${error.message}`)
  const source = data as ReceiptSource | null
  if (!source) throw permanent(`Payment ${String(row.compose?.receipt)} is not recorded`)
  let mail: { subject: string; html: string }
  try {
    mail = receiptEmail({
      kind: source.kind,
      number: source.number,
      data: source.data,
      stored: source.template,
      signature: {
        centreName: centreDefaults.name,
        senderName: source.senderName ?? centreDefaults.name,
        appLink: env.SITE_URL.replace(/\/+$/, ''),
      },
    })
  } catch (caught) {
    if (caught instanceof MissingPlaceholderError) throw permanent(caught.message)
    throw caught
  }
  const { error: keptError } = await db.rpc('outbox_compose', {
    id: row.id,
    subject: mail.subject,
    html_body: mail.html,
  })
  if (keptError) throw new Error(`outbox_compose: ${keptError.message}`)
  return mail
}

export async function buildMessage(
  db: SupabaseClient,
  env: FunctionEnv,
  row: OutboxRow,
): Promise<Message> {
  const from = row.sender || env.MAIL_FROM
  if (!from) throw permanent('No sender: the message names none and MAIL_FROM is not set')
  if (!Array.isArray(row.recipients) || row.recipients.length === 0)
    throw permanent('No recipients')
  const written = row.compose
    ? await composeReceipt(db, env, row)
    : { subject: row.subject, html: row.html_body }
  const stored = Array.isArray(row.attachments) ? (row.attachments as StoredAttachment[]) : []
  const attachments = await Promise.all(stored.map((item) => readAttachment(db, item)))
  const headers: Record<string, string> = { 'X-Outbox-Id': row.id }
  if (row.email_type) headers['X-Email-Type'] = row.email_type
  return {
    from,
    to: row.recipients,
    cc: row.cc ?? [],
    subject: written.subject,
    html: written.html,
    messageId: `<${row.id}@${domainOf(from, env.SITE_URL)}>`,
    headers,
    attachments,
    envelope: { from: addressOf(from), to: pendingAddresses(row) },
  }
}
