import { describe, expect, it } from 'vitest'
import {
  PIPELINE_TABS,
  inquiryMatches,
  sortedForTab,
  statusLabel,
  tabCounts,
  tabLabel,
  type PipelineInquiry,
} from './pipeline.ts'

const inquiry = (
  id: string,
  status: string,
  data: PipelineInquiry['data'] = {},
  archived = false,
  family_name = id,
): PipelineInquiry => ({ id, status, archived, family_name, data })

describe('the pre-admission pipeline', () => {
  it('H03: labels every status, and any other value as Unknown', () => {
    expect(
      [
        'initialInquiry',
        'meeting',
        'trial',
        'onHold',
        'notProceeding',
        'admission',
        'enrolled',
        'xyz',
      ].map(statusLabel),
    ).toEqual([
      'Initial Inquiry',
      'Meeting',
      'Trial',
      'On Hold',
      'Not Proceeding',
      'Admission',
      'Enrolled',
      'Unknown',
    ])
    expect(statusLabel(undefined)).toBe('Unknown')
    expect(statusLabel('toString')).toBe('Unknown')
  })

  it('H02: the tabs in order, each with its count; archived inquiries are in none (H20)', () => {
    expect(PIPELINE_TABS.map(tabLabel)).toEqual([
      'Initial Inquiry',
      'Meeting',
      'Trial',
      'On Hold',
      'Not Proceeding',
      'Admission',
      'Enrolled',
      'All',
    ])
    const counts = tabCounts([
      inquiry('a', 'initialInquiry'),
      inquiry('b', 'initialInquiry'),
      inquiry('c', 'meeting'),
      inquiry('d', 'admission'),
      inquiry('e', 'admission', {}, true),
      inquiry('f', 'enrolled'),
    ])
    expect(counts).toEqual({
      initialInquiry: 2,
      meeting: 1,
      trial: 0,
      onHold: 0,
      notProceeding: 0,
      admission: 1,
      enrolled: 1,
      all: 5,
    })
  })

  it('lists the enrolled families by name, in their own tab', () => {
    const list = sortedForTab(
      [
        inquiry('k', 'enrolled', { children: [{ dob: '2015-01-01' }] }, false, 'Kamat'),
        inquiry('a', 'enrolled', { children: [{ dob: '2020-01-01' }] }, false, 'almeida'),
        inquiry('n', 'admission', {}, false, 'Naik'),
        inquiry('d', 'enrolled', {}, true, 'Dias'),
      ],
      'enrolled',
    )
    expect(list.map((i) => i.family_name)).toEqual(['almeida', 'Kamat'])
  })

  it('H07: lists by the first child’s age, oldest first, years then months', () => {
    const list = sortedForTab(
      [
        inquiry('five-two', 'initialInquiry', { children: [{ dob: '2021-09-20' }] }),
        inquiry('seven', 'initialInquiry', { children: [{ dob: '2019-11-01' }] }),
        inquiry('five-nine', 'initialInquiry', {
          children: [{ dob: '2021-02-15' }, { dob: '2010-01-01' }],
        }),
        inquiry('none', 'initialInquiry', { children: [] }),
      ],
      'initialInquiry',
    )
    expect(list.map((i) => i.id)).toEqual(['seven', 'five-nine', 'five-two', 'none'])
  })

  it('H08, H10: meetings by date then start; undated last', () => {
    const list = sortedForTab(
      [
        inquiry('undated', 'meeting'),
        inquiry('late', 'meeting', { meetingDate: '2026-12-03', meetingStart: '14:00' }),
        inquiry('early', 'meeting', { meetingDate: '2026-12-03', meetingStart: '09:30' }),
        inquiry('before', 'meeting', { meetingDate: '2026-12-01', meetingStart: '16:00' }),
        inquiry('trial', 'trial', { meetingDate: '2026-11-01' }),
      ],
      'meeting',
    )
    expect(list.map((i) => i.id)).toEqual(['before', 'early', 'late', 'undated'])
  })

  it('H09, H10: trials by trial start; undated last', () => {
    const list = sortedForTab(
      [
        inquiry('none', 'trial', { children: [{}] }),
        inquiry('later', 'trial', { children: [{ trialStart: '2026-12-07' } as never] }),
        inquiry('sooner', 'trial', { children: [{ trialStart: '2026-11-30' } as never] }),
      ],
      'trial',
    )
    expect(list.map((i) => i.id)).toEqual(['sooner', 'later', 'none'])
  })
})

describe('H02: searching the inquiries', () => {
  const kamat = inquiry('i-kamat', 'meeting', {
    children: [{ firstName: 'Aarav', lastName: 'Kamat', dob: '2018-04-02' }],
    guardians: [
      {
        firstName: 'Inês',
        lastName: 'Kamat',
        email: 'ines.kamat@example.in',
        prefix: '+91',
        mobile: '98220 12345',
      },
    ],
  } as unknown as PipelineInquiry['data'])
  kamat.family_name = 'Kamat'
  const applicant = inquiry('i-teacher', 'initialInquiry', {
    applicant: {
      firstName: 'Savio',
      lastName: 'Pereira',
      email: 'savio@example.in',
      mobile: '7700900123',
    },
  })

  it.each([
    ['the family name, in any case', 'kamat', true],
    ['a child by first name', 'aarav', true],
    ['a guardian without the accent', 'ines', true],
    ['a guardian by full name', 'Inês Kamat', true],
    ['an e-mail, in part', 'ines.kamat@', true],
    ['the phone as typed with spaces', '98220 12345', true],
    ['the phone with its prefix', '+91 9822012345', true],
    ['a part of the phone', '12345', true],
    ['two words, one missing', 'kamat fernandes', false],
    ['another name', 'Fernandes', false],
    ['another phone', '98220 99999', false],
  ])('%s: “%s” → %s', (_, search, found) => {
    expect(inquiryMatches(kamat, search)).toBe(found)
  })

  it('finds a facilitator applicant by name, e-mail and phone', () => {
    expect(inquiryMatches(applicant, 'pereira')).toBe(true)
    expect(inquiryMatches(applicant, 'savio@')).toBe(true)
    expect(inquiryMatches(applicant, '7700 900')).toBe(true)
    expect(inquiryMatches(applicant, 'kamat')).toBe(false)
  })

  it('matches every inquiry when nothing is typed', () => {
    expect(inquiryMatches(kamat, '   ')).toBe(true)
  })
})
