// The onboarding questionnaire's values (/apply-onboarding, G03, G04, G16): who answers (the
// e-mail address finds their application), their children's names and the 11 questions.
import {
  fieldProblems,
  onboardingApplicationSchema,
  type OnboardingApplication,
} from '@sync/rules/admissions/application'
import { ONBOARDING_QUESTIONS } from '@sync/rules/admissions/questions'
import { newApplicationId } from './facilitator-form'

export const ONBOARDING_DRAFT_KEY = 'app.applications.draft.onboarding'

export interface OnboardingFormValues {
  id: string
  firstName: string
  lastName: string
  email: string
  childNames: string
  questions: Record<string, string>
}

export function emptyOnboardingForm(id: string): OnboardingFormValues {
  return {
    id,
    firstName: '',
    lastName: '',
    email: '',
    childNames: '',
    questions: Object.fromEntries(ONBOARDING_QUESTIONS.map((q) => [q.id, ''])),
  }
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback)

/** The draft kept on this device; what is missing or damaged starts empty. */
export function readOnboardingDraft(
  storage: Pick<Storage, 'getItem'>,
  makeId: () => string = newApplicationId,
): OnboardingFormValues {
  const empty = emptyOnboardingForm(makeId())
  let saved: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(storage.getItem(ONBOARDING_DRAFT_KEY) ?? 'null')
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return empty
    saved = parsed as Record<string, unknown>
  } catch {
    return empty
  }
  const answers = (saved.questions ?? {}) as Record<string, unknown>
  return {
    id: /^[A-Za-z0-9_-]{8,64}$/.test(String(saved.id)) ? String(saved.id) : empty.id,
    firstName: text(saved.firstName, ''),
    lastName: text(saved.lastName, ''),
    email: text(saved.email, ''),
    childNames: text(saved.childNames, ''),
    questions: Object.fromEntries(
      Object.entries(empty.questions).map(([id, blank]) => [id, text(answers[id], blank)]),
    ),
  }
}

const toApplication = (values: OnboardingFormValues) => ({
  ...values,
  questions: Object.fromEntries(
    Object.entries(values.questions).filter(([, answer]) => answer.trim() !== ''),
  ),
})

export function onboardingFormProblems(values: OnboardingFormValues): Record<string, string> {
  const parsed = onboardingApplicationSchema.safeParse(toApplication(values))
  return parsed.success ? {} : fieldProblems(parsed.error)
}

export function onboardingApplicationOf(values: OnboardingFormValues): OnboardingApplication {
  return onboardingApplicationSchema.parse(toApplication(values))
}
