import { describe, expect, it } from 'vitest'
import {
  attendanceCounts,
  meetingFormSchema,
  meetingRow,
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
