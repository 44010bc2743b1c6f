import { describe, expect, it } from 'vitest'
import { MARITAL_STATUS_PLACEHOLDER } from '../families/profile'
import { SUBMIT_BLOCK_TEXT, canSubmit, submitBlocks, type ApplicationShape } from './gating'

const child = { firstName: 'Inês' }
const guardian = { names: 'João Fernandes' }

function application(over: Partial<ApplicationShape> = {}): ApplicationShape {
  return { maritalStatus: 'Married', children: [child], guardians: [guardian], ...over }
}

describe('when a student application may be submitted', () => {
  it('waits for the marital status to be chosen (G11)', () => {
    expect(submitBlocks(application({ maritalStatus: MARITAL_STATUS_PLACEHOLDER }))).toEqual([
      'marital-status',
    ])
    expect(submitBlocks(application({ maritalStatus: null }))).toEqual(['marital-status'])
    expect(submitBlocks(application({ maritalStatus: 'married' }))).toEqual(['marital-status'])
  })

  it('needs a child and a guardian (G12)', () => {
    expect(submitBlocks(application({ children: [] }))).toEqual(['no-child'])
    expect(submitBlocks(application({ guardians: [] }))).toEqual(['no-guardian'])
    expect(submitBlocks(application({ children: [], guardians: [] }))).toEqual([
      'no-child',
      'no-guardian',
    ])
  })

  it.each([
    ['Married', true],
    ['Divorced', false],
    ['Separated', false],
    ['Widowed', false],
    ['Civil Partnership', false],
  ])('with one guardian and %s, Submit is enabled: %s (G13)', (status, enabled) => {
    expect(canSubmit(application({ maritalStatus: status }))).toBe(enabled)
  })

  it('lets a single parent apply by confirming they are the only legal guardian', () => {
    const single = application({ maritalStatus: 'Divorced' })
    expect(submitBlocks(single)).toEqual(['sole-guardian'])
    expect(canSubmit({ ...single, soleGuardian: true })).toBe(true)
  })

  it.each(['Married', 'Separated', 'Divorced', 'Widowed', 'Civil Partnership'])(
    'accepts two guardians who are %s (G14)',
    (status) => {
      expect(
        canSubmit(application({ maritalStatus: status, guardians: [guardian, guardian] })),
      ).toBe(true)
    },
  )

  it('has words for every reason Submit waits', () => {
    for (const text of Object.values(SUBMIT_BLOCK_TEXT)) expect(text.length).toBeGreaterThan(10)
    expect(Object.keys(SUBMIT_BLOCK_TEXT).sort()).toEqual(
      ['marital-status', 'no-child', 'no-guardian', 'sole-guardian'].sort(),
    )
  })
})
