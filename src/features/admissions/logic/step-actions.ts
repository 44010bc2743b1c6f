// What the office reads about a step where it takes it: the name of its button and dialog, and
// the message once the step is written (operations.md §8).
import { STEP_MESSAGES, type StepKind } from '@sync/rules/admissions/steps'
import { text } from './step-data'

type Data = Record<string, unknown>

/** What each step's button and dialog are called. */
export const STEP_ACTIONS: Record<StepKind, string> = {
  meeting: 'Meeting e-mail',
  trial: 'Trial e-mail',
  admission: 'Admission e-mail',
  admissionPayment: 'Admission payment received',
  enrolment: 'Enrol',
}

/** What the person reads once the step is written (operations.md §8). */
export function stepSuccessMessage(kind: StepKind, data: Data): string {
  if (kind === 'admission')
    return text(data.familyToken) ? STEP_MESSAGES.admission : STEP_MESSAGES.admissionNewFamily
  return STEP_MESSAGES[kind]
}
