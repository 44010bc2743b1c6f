// Whether the e-mail dispatcher has a mail server, as the admins' screens say it (issue 40): the
// Node Mailer pane and the Members counts.

/**
 * What the admins are told while the dispatcher has said it has no mail server (SMTP_URL), or
 * null: without one every e-mail only queues. `waiting`: how many wait, when known.
 */
export function noMailServerWarning(
  mailServer: boolean | null | undefined,
  waiting?: number,
): string | null {
  if (mailServer !== false) return null
  const queue =
    waiting === undefined
      ? 'every e-mail waits in the queue and goes out'
      : waiting === 1
        ? '1 e-mail waits in the queue and goes out'
        : `${waiting} e-mails wait in the queue and go out`
  return `No mail server is set up, so no e-mail is sent: ${queue} once one is. Set SMTP_URL where the app's server starts (on Supabase, the function secret SMTP_URL).`
}
