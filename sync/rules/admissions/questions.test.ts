import { describe, expect, it } from 'vitest'
import { QUESTIONNAIRES, answersFor } from './questions'

describe('the questionnaires (G15, G16)', () => {
  it.each([
    ['guardian', 12],
    ['onboarding', 11],
    ['facilitator', 9],
    ['parentTrialShort', 5],
    ['parentTrialLong', 7],
    ['student', 3],
  ] as const)('the %s questionnaire has %i questions', (name, count) => {
    expect(QUESTIONNAIRES[name]).toHaveLength(count)
  })

  it('gives every question a unique id and a real question', () => {
    const all = Object.values(QUESTIONNAIRES).flat()
    expect(new Set(all.map((question) => question.id)).size).toBe(all.length)
    for (const question of all) expect(question.text).toMatch(/^[A-Z].{10,}\?$|^[A-Z].{10,}\.$/)
  })

  it('stores each answer with the question as it was asked', () => {
    const answers = answersFor('student', { s1: '  Painting the wall  ', s3: 'Yes' })
    expect(answers).toEqual([
      { id: 's1', q: 'What did you enjoy most at the centre?', a: 'Painting the wall' },
      { id: 's2', q: 'Was there anything you did not like?', a: '' },
      { id: 's3', q: 'Would you like to come to the centre every day?', a: 'Yes' },
    ])
  })

  it('refuses an answer to a question the questionnaire does not have', () => {
    expect(() => answersFor('student', { s1: 'x', g1: 'y' })).toThrow(
      'Not a question of the student questionnaire: g1',
    )
  })
})
