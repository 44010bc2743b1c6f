import { describe, expect, it } from 'vitest'
import {
  PIPELINE_TABS,
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
