// The account e-mails: a confirmation link before the first sign-in, and a link to choose a new
// password. They are queued in public.email_outbox ('Members' mail) and sent by the dispatcher.
import { centreDefaults } from '@sync/contract/centre-defaults.ts'
import { rpc, type Ctx } from './context.ts'

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function page(greeting: string, lead: string, button: string, link: string, after: string): string {
  return [
    `<p>${escape(greeting)}</p>`,
    `<p>${escape(lead)}</p>`,
    `<p><a href="${escape(link)}" style="display:inline-block;padding:10px 18px;background:#2f6b3a;` +
      `color:#ffffff;text-decoration:none;border-radius:4px">${escape(button)}</a></p>`,
    `<p>Or copy this address into your browser:<br>${escape(link)}</p>`,
    `<p>${escape(after)}</p>`,
    `<p>${escape(centreDefaults.name)}</p>`,
  ].join('\n')
}

/**
 * The sender: MAIL_FROM where it is set (the address the SMTP server accepts), otherwise the
 * centre's name at a no-reply address of the site.
 */
function sender(ctx: Ctx): string {
  if (ctx.env.MAIL_FROM) return ctx.env.MAIL_FROM
  const host = new URL(ctx.site).hostname || 'localhost'
  return `${centreDefaults.name} <no-reply@${host}>`
}

export function confirmLink(ctx: Ctx, hashedToken: string): string {
  return `${ctx.site}/signin?confirm=${encodeURIComponent(hashedToken)}`
}

/** A new account's link: the page it opens confirms the address, then asks for the password. */
export function setupLink(ctx: Ctx, hashedToken: string): string {
  return `${ctx.site}/signin?setup=${encodeURIComponent(hashedToken)}`
}

export function resetLink(ctx: Ctx, hashedToken: string): string {
  return `${ctx.site}/reset-password?oobCode=${encodeURIComponent(hashedToken)}`
}

/**
 * The confirmation e-mail. `setup`: a new account, whose link asks for the password; otherwise
 * an account that has one (resendConfirmation), whose link just signs in.
 */
export async function queueConfirmation(
  ctx: Ctx,
  to: { email: string; name: string; userId: string },
  hashedToken: string,
  trigger: string,
  { setup }: { setup: boolean },
): Promise<void> {
  const html = setup
    ? page(
        to.name ? `Hello ${to.name},` : 'Hello,',
        `Please confirm your e-mail address for your ${centreDefaults.shortName} account ` +
          'and choose your password. The link signs you in.',
        'Confirm and choose a password',
        setupLink(ctx, hashedToken),
        'The link works once, within an hour. If you did not ask for an account, ignore this ' +
          'e-mail: nobody can use the account without it.',
      )
    : page(
        to.name ? `Hello ${to.name},` : 'Hello,',
        `Please confirm your e-mail address for your ${centreDefaults.shortName} account. ` +
          'The link signs you in.',
        'Confirm and sign in',
        confirmLink(ctx, hashedToken),
        'The link works once, within an hour. If you did not ask for an account, ignore this e-mail.',
      )
  await rpc(ctx, 'accounts_queue_email', {
    sender: sender(ctx),
    recipient: to.email,
    subject: `Confirm your e-mail address for ${centreDefaults.name}`,
    html_body: html,
    email_trigger: trigger,
    triggered_by: to.userId,
  })
}

export async function queueReset(
  ctx: Ctx,
  to: { email: string; userId: string },
  hashedToken: string,
): Promise<void> {
  const html = page(
    'Hello,',
    `Someone asked to reset the password of the ${centreDefaults.shortName} account for ${to.email}.`,
    'Choose a new password',
    resetLink(ctx, hashedToken),
    'The link works once, within an hour. If you did not ask for this, ignore this e-mail: ' +
      'your password stays as it is.',
  )
  await rpc(ctx, 'accounts_queue_email', {
    sender: sender(ctx),
    recipient: to.email,
    subject: `Reset your password for ${centreDefaults.name}`,
    html_body: html,
    email_trigger: 'accounts.requestResetPassword',
    triggered_by: to.userId,
  })
}
