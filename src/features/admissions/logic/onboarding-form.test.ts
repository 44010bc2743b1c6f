import { describe, expect, it } from 'vitest'
import { ONBOARDING_QUESTIONS } from '@sync/rules/admissions/questions'
import {
  ONBOARDING_DRAFT_KEY,
  emptyOnboardingForm,
  onboardingApplicationOf,
  onboardingFormProblems,
  readOnboardingDraft,
} from './onboarding-form'

const storage = (value: string | null) => ({
  getItem: (k: string) => (k === ONBOARDING_DRAFT_KEY ? value : null),
})

describe('the onboarding questionnaire form', () => {
  it('offers the 11 onboarding questions and starts empty with its own id', () => {
    const form = readOnboardingDraft(storage(null), () => 'fresh-id-0001')
    expect(form).toEqual(emptyOnboardingForm('fresh-id-0001'))
    expect(Object.keys(form.questions)).toHaveLength(11)
    expect(ONBOARDING_QUESTIONS).toHaveLength(11)
  })

  it('names what is missing, and sends only the answers given', () => {
    const values = emptyOnboardingForm('app-12345678')
    expect(onboardingFormProblems(values)).toMatchObject({
      firstName: 'First name is missing.',
      email: 'Please enter a valid e-mail address.',
      childNames: 'Your children’s names is missing.',
    })
    const filled = {
      ...values,
      firstName: 'Rita',
      lastName: 'Gomes',
      email: 'Rita@Example.com',
      childNames: 'Lia',
      questions: { ...values.questions, o7: 'No' },
    }
    expect(onboardingFormProblems(filled)).toEqual({})
    expect(onboardingApplicationOf(filled)).toMatchObject({
      email: 'rita@example.com',
      questions: { o7: 'No' },
    })
  })

  it('restores a draft and ignores what does not belong in it', () => {
    const draft = {
      id: 'draft-id-0001',
      firstName: 'Rita',
      email: 5,
      questions: { o1: 'Konkani', x: 'y' },
    }
    const form = readOnboardingDraft(storage(JSON.stringify(draft)), () => 'fresh-id-0001')
    expect(form).toMatchObject({ id: 'draft-id-0001', firstName: 'Rita', email: '' })
    expect(form.questions.o1).toBe('Konkani')
    expect(form.questions).not.toHaveProperty('x')
    expect(readOnboardingDraft(storage('[1]'), () => 'fresh-id-0001').id).toBe('fresh-id-0001')
  })
})
