import { describe, expect, it } from 'vitest'
import {
  composeMode,
  enteredNumber,
  lastMessageAt,
  liveList,
  numberProblems,
  statusLabel,
  type MessageRecord,
} from './chat'

const msg = (
  n: number | null,
  created = `2026-11-26T10:${String(n ?? 59).padStart(2, '0')}:00Z`,
): MessageRecord => ({
  id: `m${n ?? created}`,
  wa_id: '919000000003',
  direction: 'out',
  body: `Message ${n}`,
  mode: 'template',
  msg_count: n,
  status: n === null ? null : 'sent',
  status_reason: null,
  created_at: created,
})

describe('the live list (O16, O17)', () => {
  it('with 250 messages shows the window from 240, at most 100, oldest first', () => {
    const all = Array.from({ length: 250 }, (_, i) => msg(i + 1))
    const shown = liveList(all, 250)
    expect(shown.map((m) => m.msg_count)).toEqual(Array.from({ length: 11 }, (_, i) => 240 + i))
  })
  it('never shows more than 100, keeping the newest', () => {
    const all = Array.from({ length: 150 }, (_, i) => msg(i + 1))
    // With a total of 40 the window runs from 30 to 140: 111 messages, of which the newest 100.
    const shown = liveList(all, 40)
    expect(shown).toHaveLength(100)
    expect(shown.at(-1)!.msg_count).toBe(140)
    expect(shown[0]!.msg_count).toBe(41)
  })
  it('shows messages not synced yet last', () => {
    const shown = liveList([msg(null, '2026-11-26T11:00:00Z'), msg(1), msg(2)], 2)
    expect(shown.map((m) => m.msg_count)).toEqual([1, 2, null])
  })
})

describe('adding a number', () => {
  it('reads ten digits as an Indian number and refuses a second copy', () => {
    expect(numberProblems({ name: 'João', number: '90000 00003' }, [])).toEqual({})
    expect(
      numberProblems({ name: 'João', number: '+91 90000 00003' }, [{ wa_id: '919000000003' }]),
    ).toEqual({
      number: 'This number is already on the list',
    })
    expect(numberProblems({ name: ' ', number: '123' }, [])).toEqual({
      name: 'Enter a name',
      number: 'An Indian mobile number has 10 digits.',
    })
  })
  it('reads a number as connect-account does (issue 29, item 10)', () => {
    expect(enteredNumber('09876543211')).toBe('919876543211')
    expect(enteredNumber('+44 7700 900123')).toBe('447700900123')
    expect(numberProblems({ name: 'Nisha', number: '0876543210' }, [])).toEqual({
      number: 'An Indian mobile number has 10 digits.',
    })
    expect(numberProblems({ name: 'Nisha', number: '+0876543210' }, [])).toEqual({
      number: 'Please start with a country code we know, such as +91.',
    })
  })
})

describe('status and mode', () => {
  it('names each status', () => {
    expect(statusLabel({ direction: 'out', status: null })).toBe('Not synced yet')
    expect(statusLabel({ direction: 'out', status: 'read' })).toBe('Read')
    expect(statusLabel({ direction: 'in', status: 'received' })).toBe('Received')
  })
  it('says when a message goes as a template', () => {
    const now = new Date('2026-11-26T12:00:00Z')
    expect(
      composeMode({ status: 'Active', last_received_at: '2026-11-26T02:00:00Z' }, now).mode.kind,
    ).toBe('session')
    expect(
      composeMode({ status: 'Active', last_received_at: '2026-11-25T11:00:00Z' }, now).note,
    ).toMatch(/template/)
    expect(composeMode({ status: 'disabled', last_received_at: null }, now).mode.kind).toBe(
      'blocked',
    )
  })
})

describe('lastMessageAt (issue 40)', () => {
  const n = { wa_id: '919822000001', last_received_at: null, last_sent_at: null }
  it.each([
    ['nothing either way', n, [], null],
    [
      'a message sent from this device',
      n,
      [{ wa_id: '919822000001', created_at: '2026-11-27T06:30:00.000Z' }],
      '2026-11-27T06:30:00.000Z',
    ],
    [
      'the later of the number’s and the messages’ times',
      { ...n, last_received_at: '2026-11-28T01:00:00+00:00' },
      [{ wa_id: '919822000001', created_at: '2026-11-27T06:30:00.000Z' }],
      '2026-11-28T01:00:00+00:00',
    ],
    [
      'not another number’s messages',
      n,
      [{ wa_id: '919822000009', created_at: '2026-11-27T06:30:00.000Z' }],
      null,
    ],
  ])('%s', (_, number, messages, expected) => {
    expect(lastMessageAt(number, messages)).toBe(expected)
  })
})
