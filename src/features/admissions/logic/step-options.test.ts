import { describe, expect, it } from 'vitest'
import { curriculumProblem, groupChoices, referenceOptions, tariffLabel } from './step-options'

describe('the groups, tariffs and curriculum the dialogs offer', () => {
  it('reads groups and tariffs from the reference lists, by name, active groups offered', () => {
    const options = referenceOptions([
      { id: 'g2', kind: 'group', data: { name: 'Oaks', status: 'active', feeTariffId: 't1' } },
      { id: 'g1', kind: 'group', data: { name: 'Acorns', status: 'inactive' } },
      { id: 't1', kind: 'fee_tariff', data: { name: 'Standard', amount: 14500 } },
      { id: 't2', kind: 'fee_tariff', data: { name: 'Broken', amount: 'lots' } },
      { id: 'h1', kind: 'holiday', data: { description: 'Diwali' } },
    ])
    expect(options).toEqual({
      groups: [
        { id: 'g1', name: 'Acorns', feeTariffId: null, active: false },
        { id: 'g2', name: 'Oaks', feeTariffId: 't1', active: true },
      ],
      tariffs: [{ id: 't1', name: 'Standard', amount: 14500 }],
    })
    expect(groupChoices(options.groups, '').map((g) => g.id)).toEqual(['g2'])
    expect(groupChoices(options.groups, 'g1').map((g) => g.id)).toEqual(['g1', 'g2'])
    expect(tariffLabel({ id: 't1', name: 'Standard', amount: 14500 })).toBe(
      'Standard · ₹14,500 a month',
    )
  })

  it('takes only a PDF of at most 10 MB as the curriculum, judged by its bytes too', () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const file = (over: Partial<{ name: string; type: string; size: number }>) => ({
      name: 'curriculum.pdf',
      type: 'application/pdf',
      size: 1000,
      ...over,
    })
    expect(curriculumProblem(file({}), pdf)).toBeNull()
    expect(curriculumProblem(file({ name: 'photo.png', type: 'image/png' }), png)).toBe(
      'photo.png is not a PDF: the curriculum must be a PDF.',
    )
    expect(curriculumProblem(file({}), png)).toBe(
      'curriculum.pdf is not a PDF: the curriculum must be a PDF.',
    )
    expect(curriculumProblem(file({ size: 11 * 1024 * 1024 }), pdf)).toBe(
      'curriculum.pdf is 11.0 MB; a file can be at most 10.0 MB.',
    )
    expect(curriculumProblem(file({ size: 0 }), pdf)).toBe('curriculum.pdf is empty.')
  })
})
