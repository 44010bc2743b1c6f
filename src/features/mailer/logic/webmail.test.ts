import { describe, expect, it } from 'vitest'
import {
  addressList,
  bodyHtml,
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
