import { describe, expect, it } from 'vitest'
import { DEFAULT_MEETING } from '@sync/rules/admissions/steps'
import { defaults, inquiry } from './step-fixtures'
import { addressList } from './step-form'

describe('who a step’s e-mail is from and to (O05, O07)', () => {
  it('goes to the guardians’ addresses and copies the admissions office', () => {
    expect(defaults(inquiry()).mail).toEqual({
      sender: 'meera',
      to: 'priya@example.com, dev@example.com',
      cc: 'admissions@centre.in',
    })
    expect(addressList(' a@x.in, b@y.in;c@z.in  ')).toEqual(['a@x.in', 'b@y.in', 'c@z.in'])
  })
})

describe('the meeting (H21–H24)', () => {
  it('starts at 15:30 and ends at 17:00, or as arranged when it is rescheduled', () => {
    expect(DEFAULT_MEETING).toEqual({ start: '15:30', end: '17:00' })
    expect(defaults(inquiry()).meeting).toEqual({
      date: '',
      start: '15:30',
      end: '17:00',
      contact: '',
    })
    expect(
      defaults(
        inquiry({
          meetingDate: '2026-12-03',
          meetingStart: '10:00',
          meetingEnd: '11:00',
          meetingPOC: 'Anita',
        }),
      ).meeting,
    ).toEqual({ date: '2026-12-03', start: '10:00', end: '11:00', contact: 'Anita' })
  })
})

describe('the trial (H25–H30)', () => {
  it('starts from a child’s earlier trial when it is arranged again', () => {
    const data = inquiry({
      children: [
        {
          firstName: 'Asha',
          lastName: 'Rao',
          trialStart: '2026-12-01',
          trialEnd: '2026-12-02',
          trialGroupUUID: 'g-oak',
          trialGroupName: 'Oaks',
        },
      ],
    })
    expect(defaults(data).trial).toEqual({
      child: 0,
      groupId: 'g-oak',
      groupName: 'Oaks',
      start: '2026-12-01',
      end: '2026-12-02',
    })
  })
})
