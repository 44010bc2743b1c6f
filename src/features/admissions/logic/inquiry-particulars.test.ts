import { describe, expect, it } from 'vitest'
import {
  particularsOf,
  particularsSchema,
  statusDescriptionFor,
  tentativeTermChoices,
  trialLines,
  withParticulars,
} from './inquiry-particulars'

const data = {
  children: [{ firstName: 'Aarav', lastName: 'Rao' }, { firstName: 'Meera' }],
  familyDescription: 'Moving from Pune in May',
  tentativeAdmissionTerm: 'Term 1 2027-28',
}

describe('the office’s particulars of an inquiry (H11)', () => {
  it('reads what is there, and nothing as empty', () => {
    expect(particularsOf(data)).toEqual({
      familyDescription: 'Moving from Pune in May',
      tentativeAdmissionTerm: 'Term 1 2027-28',
      formsCurriculum: false,
    })
    expect(particularsOf({})).toEqual({
      familyDescription: '',
      tentativeAdmissionTerm: '',
      formsCurriculum: false,
    })
  })

  it('writes only what changed, trimmed, and no term as null', () => {
    const next = withParticulars(data, {
      familyDescription: '  Moving from Pune in May ',
      tentativeAdmissionTerm: '',
      formsCurriculum: true,
    })
    expect(next).toEqual({ ...data, tentativeAdmissionTerm: null, formsCurriculum: true })
    expect(withParticulars(data, particularsOf(data))).toEqual(data)
  })

  it('refuses a description past 2000 characters in words', () => {
    const result = particularsSchema.safeParse({
      familyDescription: 'x'.repeat(2001),
      tentativeAdmissionTerm: '',
      formsCurriculum: false,
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(
      'A family description is at most 2000 characters.',
    )
  })

  it('offers not decided, the term chosen, and the next terms from today', () => {
    expect(tentativeTermChoices('Term 3 2025-26', '2026-11-28').map((c) => c.value)).toEqual([
      '',
      'Term 3 2025-26',
      'Term 3 2026-27',
      'Term 1 2027-28',
      'Term 2 2027-28',
      'Term 3 2027-28',
    ])
  })

  it('keeps the reason given with a status, or the status in words', () => {
    expect(statusDescriptionFor('onHold', '  Moving in June ')).toBe('Moving in June')
    expect(statusDescriptionFor('notProceeding', '')).toBe('Not Proceeding')
  })

  it('lists each trial arranged from its step, and leaves out a step not on this device', () => {
    const trial = (id: string, child: number) => ({
      id,
      kind: 'trial',
      trial: { child, groupName: 'Jaul', start: '2026-12-07', end: '2026-12-11' },
    })
    expect(
      trialLines({
        ...data,
        steps: [trial('s-1', 0), trial('s-2', 1)],
        trialEventIDs: ['s-1', 's-2', 's-gone'],
      }),
    ).toEqual([
      { id: 's-1', text: 'Aarav Rao in Jaul, 7 Dec 2026 – 11 Dec 2026' },
      { id: 's-2', text: 'Meera in Jaul, 7 Dec 2026 – 11 Dec 2026' },
    ])
    expect(trialLines(data)).toEqual([])
  })
})
