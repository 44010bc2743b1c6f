// Reading the e-mails the app sent, from the test SMTP server of e2e-server.ts.
import { expect } from '@playwright/test'

export interface Mail {
  from: string
  to: string[]
  subject: string
  html: string
  text: string
  attachments: {
    filename: string
    contentType: string
    size: number
    head: string
    /** The Content-ID of an inline image the HTML shows. */
    cid?: string
  }[]
}

const mailboxUrl = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}`

export async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${mailboxUrl()}/messages?to=${encodeURIComponent(address)}`)
  return (await res.json()) as Mail[]
}

/** Waits for the `count`-th e-mail to an address and returns it. */
export async function waitForMail(address: string, count = 1): Promise<Mail> {
  let mails: Mail[] = []
  await expect
    .poll(async () => (mails = await mailsTo(address)).length, {
      message: `e-mail to ${address}`,
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(count)
  return mails[count - 1]!
}

/** The first link of an e-mail, made relative so the test opens it on its own base URL. */
export function linkIn(mail: Mail): string {
  const href = /href="([^"]+)"/.exec(mail.html)?.[1]
  if (!href) throw new Error(`no link in ${mail.subject}`)
  const url = new URL(href.replace(/&amp;/g, '&'))
  return `${url.pathname}${url.search}`
}
