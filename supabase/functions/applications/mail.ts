// The e-mails an application sends through the outbox: the acknowledgement to the applicant and
// a notice to the office (decision G17).
import { centreDefaults } from '@sync/contract/centre-defaults.ts'
import type { FunctionEnv } from '../_shared/env.ts'

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const paragraphs = (lines: string[]) => lines.map((l) => `<p>${escape(l)}</p>`).join('\n')

/** MAIL_FROM where it is set, otherwise the centre's name at a no-reply address of the site. */
export function senderOf(env: FunctionEnv, site: string): string {
  if (env.MAIL_FROM) return env.MAIL_FROM
  let host = 'localhost'
  try {
    host = new URL(site).hostname || host
  } catch {
    // The site is checked before any mail is made; the fallback only keeps this total.
  }
  return `${centreDefaults.name} <no-reply@${host}>`
}

export interface Mails {
  sender: string
  acknowledgement: { to: string; subject: string; html: string }
  notice: { subject: string; html: string }
}

export function studentMails(
  sender: string,
  site: string,
  to: { email: string; firstName: string },
  familyName: string,
  children: readonly { firstName: string; lastName: string }[],
): Mails {
  const names = children.map((c) => `${c.firstName} ${c.lastName}`).join(', ')
  return {
    sender,
    acknowledgement: {
      to: to.email,
      subject: `We have received your application to ${centreDefaults.name}`,
      html: paragraphs([
        `Dear ${to.firstName},`,
        `Thank you for applying to ${centreDefaults.name} for ${names}. Your application has arrived.`,
        'Someone from our office will write or call within a week to arrange a first meeting with your family.',
        'If anything changes in the meantime, simply reply to this e-mail.',
        centreDefaults.name,
      ]),
    },
    notice: {
      subject: `New student application: ${familyName}`,
      html:
        paragraphs([
          `A new student application has arrived from the ${familyName} family (${names}).`,
          'It is listed under Initial Inquiry in the Pre-Admission pane:',
        ]) +
        `\n<p><a href="${escape(site)}/administration/dash/inquiries">${escape(site)}/administration/dash/inquiries</a></p>`,
    },
  }
}

export function facilitatorMails(
  sender: string,
  site: string,
  applicant: { email: string; firstName: string; lastName: string; facilitatingSubjects: string },
): Mails {
  const name = `${applicant.firstName} ${applicant.lastName}`
  return {
    sender,
    acknowledgement: {
      to: applicant.email,
      subject: `We have received your application to facilitate at ${centreDefaults.name}`,
      html: paragraphs([
        `Dear ${applicant.firstName},`,
        `Thank you for applying to facilitate at ${centreDefaults.name}. Your application has arrived.`,
        'We will read it carefully and contact your references before we write to you about a visit.',
        centreDefaults.name,
      ]),
    },
    notice: {
      subject: `New facilitator application: ${name}`,
      html:
        paragraphs([
          `${name} has applied to facilitate (${applicant.facilitatingSubjects}).`,
          'It is listed under Initial Inquiry in the Pre-Admission pane:',
        ]) +
        `\n<p><a href="${escape(site)}/administration/dash/inquiries">${escape(site)}/administration/dash/inquiries</a></p>`,
    },
  }
}

/** The link that confirms a family's onboarding answers, to the address that applied. */
export function onboardingConfirmMail(
  sender: string,
  site: string,
  firstName: string,
  token: string,
): { sender: string; subject: string; html: string } {
  const link = `${site}/apply-onboarding?confirm=${token}`
  return {
    sender,
    subject: `Confirm your answers for ${centreDefaults.name}`,
    html:
      paragraphs([
        `Dear ${firstName},`,
        'Thank you for answering our questions before the first day. Please confirm that the answers are yours by opening this link within three days:',
      ]) +
      `\n<p><a href="${escape(link)}">${escape(link)}</a></p>\n` +
      paragraphs([
        'If you did not send answers to us, ignore this e-mail: nothing changes without the link.',
        centreDefaults.name,
      ]),
  }
}
