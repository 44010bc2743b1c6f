import { describe, expect, it } from 'vitest'
import {
  attendanceCounts,
  meetingDay,
  meetingFormSchema,
  meetingInitial,
  meetingRow,
  myInvitation,
  nextMeeting,
  type MeetingRow,
  type ParticipantRow,
} from './meetings'

const participant = (status: ParticipantRow['status']): ParticipantRow =>
  ({
    id: `mp-${status}`,
    kind: 'participant',
    meeting_id: 'm1',
    group_ids: ['rg-jaul'],
    status,
    data: { name: 'A', channel: 'whatsapp' },
  }) as ParticipantRow

describe('attendanceCounts (N04, N09)', () => {
  it.each([
    [
      ['accepted', 'accepted', 'rejected', 'sent', 'pending'],
      { accepted: 2, declined: 1, pending: 2 },
    ],
    [['rejected'], { accepted: 0, declined: 1, pending: 0 }],
    [[], { accepted: 0, declined: 0, pending: 0 }],
  ] as const)('%j → %j', (statuses, counts) => {
    expect(attendanceCounts(statuses.map(participant))).toEqual(counts)
  })
})

describe('the meeting dialog', () => {
  it('is pending on creation (N06, N17)', () => {
    const row = meetingRow(
      {
        title: ' Review ',
        date: '2026-12-12',
        startTime: '10:00',
        endTime: '11:00',
        description: '',
        groupIds: ['rg-jaul'],
      },
      'm1',
    )
    expect(row).toMatchObject({
      status: 'pending',
      kind: 'meeting',
      group_ids: ['rg-jaul'],
      data: { title: 'Review' },
    })
  })

  it.each([
    [{ title: '' }, 'title', 'Enter a title'],
    [{ groupIds: [] }, 'groupIds', 'Choose at least one group'],
    [{ endTime: '09:00' }, 'endTime', 'Enter an end time after the start'],
    [{ date: '' }, 'date', 'Choose the date'],
  ])('refuses %j with its message', (change, field, message) => {
    const values = {
      title: 'Review',
      date: '2026-12-12',
      startTime: '10:00',
      endTime: '11:00',
      description: '',
      groupIds: ['g'],
      ...change,
    }
    const result = meetingFormSchema.safeParse(values)
    expect(result.success).toBe(false)
    const issue = result.error!.issues.find((i) => i.path.join('.') === field)
    expect(issue?.message).toBe(message)
  })
})

const meeting = (id: string, date: string, status: MeetingRow['status'] = 'sent'): MeetingRow => ({
  ...meetingRow(
    { ...meetingInitial(), title: id, date, startTime: '10:00', endTime: '11:00', groupIds: ['g'] },
    id,
  ),
  status,
})

describe('nextMeeting (N11: a parent sees one)', () => {
  const list = [
    meeting('past', '2026-11-01'),
    meeting('later', '2026-12-20'),
    meeting('archived', '2026-12-01', 'archived'),
    meeting('soon', '2026-12-05'),
  ]

  it('is the soonest meeting from today on that is not archived', () => {
    expect(nextMeeting(list, '2026-11-28')?.id).toBe('soon')
    expect(nextMeeting(list, '2026-12-05')?.id).toBe('soon')
    expect(nextMeeting(list, '2026-12-21')).toBeNull()
  })

  it.each([
    // Midnight in Goa is 18:30 in UTC: the centre's day turns then.
    ['2026-11-28T18:29:00Z', '2026-11-28', 'soon'],
    ['2026-11-28T18:30:00Z', '2026-11-29', 'soon'],
    ['2026-12-05T18:29:00Z', '2026-12-05', 'soon'],
    ['2026-12-05T18:30:00Z', '2026-12-06', 'later'],
  ])('counts from the centre’s day at %s (%s)', (instant, day, next) => {
    expect(meetingDay(new Date(instant))).toBe(day)
    expect(nextMeeting(list, meetingDay(new Date(instant)))?.id).toBe(next)
  })
})

describe('myInvitation', () => {
  it('is the participant row of the guardian’s own account', () => {
    const mine = { ...participant('sent'), id: 'p1', member_id: 'u1' }
    const other = { ...participant('accepted'), id: 'p2', member_id: 'u2' }
    expect(myInvitation([other, mine], 'u1')?.id).toBe('p1')
    expect(myInvitation([other], 'u1')).toBeNull()
  })
})
