import { describe, expect, it } from 'vitest'
import { DEFAULT_TEMPLATES } from '@sync/rules/messaging/templates'
import {
  addressList,
  bodyHtml,
  composeEmail,
  templateFields,
  templateProblems,
  defaultCc,
  defaultSender,
  webmailProblems,
  type SenderAccount,
} from './webmail'

const senders: SenderAccount[] = [
  {
    key: 'anita',
    display_name: 'Anita Admin',
    address: 'anita@demo.school',
    is_admissions_office: false,
  },
  {
    key: 'admissions',
    display_name: 'Admissions',
    address: 'admissions@demo.school',
    is_admissions_office: true,
  },
  { key: 'team', display_name: 'Team', address: 'team@demo.school', is_admissions_office: false },
  {
    key: 'accounts',
    display_name: 'Accounts',
    address: 'accounts@demo.school',
    is_admissions_office: false,
  },
]

describe('webmail', () => {
  it('starts with the signed-in member’s account, else Team, copying the admissions office', () => {
    expect(defaultSender(senders, 'anita')).toBe('anita')
    expect(defaultSender(senders, null)).toBe('team')
    expect(defaultCc(senders)).toBe('admissions@demo.school')
  })
  it('reads address lists and refuses what is not an address', () => {
    expect(addressList('A@x.com, b@y.org; c@z.in')).toEqual(['a@x.com', 'b@y.org', 'c@z.in'])
    expect(
      webmailProblems({ sender: 'team', to: 'a@x.com, nope', cc: '', subject: 'Hi', body: 'x' }),
    ).toEqual({
      to: 'nope is not an e-mail address',
    })
    expect(webmailProblems({ sender: null, to: '', cc: 'x', subject: ' ', body: '' })).toEqual({
      sender: 'Choose a sender',
      to: 'Add at least one recipient',
      cc: 'x is not an e-mail address',
      subject: 'Write a subject',
      body: 'Write the message',
    })
  })
  it('writes the body as escaped HTML paragraphs', () => {
    expect(bodyHtml('Dear <parent>,\nhello\n\nBye')).toBe(
      '<p>Dear &lt;parent&gt;,<br>hello</p>\n<p>Bye</p>',
    )
  })
})

describe('composing from a template (O01, O11)', () => {
  const automatic = {
    centreName: 'Banyan Tree Learning Centre',
    senderName: 'Admissions',
    appLink: 'https://app.example.org',
  }
  it('asks for every placeholder but the centre, the signature and the app link', () => {
    expect(templateFields(DEFAULT_TEMPLATES.meeting)).toEqual([
      'meetingDate',
      'parentNames',
      'studentName',
      'meetingStart',
      'meetingEnd',
      'meetingContact',
    ])
    expect(templateFields(DEFAULT_TEMPLATES.admission)).not.toContain('appLink')
    expect(
      templateProblems(DEFAULT_TEMPLATES.meeting, { parentNames: 'Maria', meetingDate: ' ' }),
    ).toEqual({
      meetingDate: 'Fill in meeting date',
      studentName: 'Fill in student',
      meetingStart: 'Fill in meeting starts',
      meetingEnd: 'Fill in meeting ends',
      meetingContact: 'Fill in who welcomes them',
    })
  })

  it('fills the template, typed by its step; a message written freely is Webmail', () => {
    const values = {
      parentNames: 'Maria & João Fernandes',
      studentName: 'Tiago',
      meetingDate: 'Monday 30 November 2026',
      meetingStart: '10:00',
      meetingEnd: '10:45',
      meetingContact: 'Meera',
    }
    const mail = composeEmail(
      { subject: '', body: '' },
      DEFAULT_TEMPLATES.meeting,
      values,
      automatic,
    )
    expect(mail.subject).toBe('Meeting at Banyan Tree Learning Centre on Monday 30 November 2026')
    expect(mail.html).toContain('Dear Maria &amp; João Fernandes,')
    expect(mail.html).toContain('Admissions<br>Banyan Tree Learning Centre')
    expect(mail.html).not.toContain('{{')
    expect(mail).toMatchObject({ trigger: 'meeting' })
    expect(composeEmail({ subject: ' Hello ', body: 'Line <1>' }, null, {}, automatic)).toEqual({
      subject: 'Hello',
      html: '<p>Line &lt;1&gt;</p>',
      trigger: 'webmail',
    })
    expect(() =>
      composeEmail({ subject: '', body: '' }, DEFAULT_TEMPLATES.trial, {}, automatic),
    ).toThrow(/needs a value for/)
  })

  it('asks for the fields of the centre’s version and sends it, named by its template', () => {
    const own = {
      name: 'trial' as const,
      subject: 'Trial week for {{studentName}} at {{centreName}}',
      html: '<p>Dear {{parentNames}}, see you on {{trialStart}}.</p>',
    }
    expect(templateFields(own)).toEqual(['studentName', 'parentNames', 'trialStart'])
    expect(templateProblems(own, { studentName: 'Tiago', parentNames: 'Maria' })).toEqual({
      trialStart: 'Fill in trial starts',
    })
    const values = { studentName: 'Tiago', parentNames: 'Maria', trialStart: '1 December 2026' }
    expect(composeEmail({ subject: '', body: '' }, own, values, automatic)).toEqual({
      subject: 'Trial week for Tiago at Banyan Tree Learning Centre',
      html: '<p>Dear Maria, see you on 1 December 2026.</p>',
      trigger: 'trial',
    })
  })
})
