// The admin's Facilitators pane (operations.md §2, §3; F37): who is on the list, and the form
// that adds or corrects a facilitator before they sign up.
import { isValidEmail, normaliseEmail } from '@sync/contract/commands/accounts/email.ts'

export interface FacilitatorRecord {
  id: string
  name: string
  email: string | null
  status: 'active' | 'authPending'
  auth_uid: string | null
  last_edited?: string
}

export const FACILITATOR_STATUS_LABELS: Record<FacilitatorRecord['status'], string> = {
  active: 'Active',
  authPending: 'Waiting for sign-up',
}

/** Ordered by name (F37), then e-mail, without regard to case. */
export function sortFacilitators(list: readonly FacilitatorRecord[]): FacilitatorRecord[] {
  return [...list].sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
      (a.email ?? '').localeCompare(b.email ?? ''),
  )
}

export interface FacilitatorInput {
  name: string
  email: string
}

/**
 * Problems with the form, by field (empty when it can be saved). `others` are the facilitators
 * already on the list, the one being edited excluded.
 */
export function facilitatorProblems(
  input: FacilitatorInput,
  others: readonly FacilitatorRecord[],
): Partial<Record<keyof FacilitatorInput, string>> {
  const problems: Partial<Record<keyof FacilitatorInput, string>> = {}
  const name = input.name.trim()
  if (!name) problems.name = 'Enter the facilitator’s name.'
  else if (name.length > 200) problems.name = 'Use at most 200 characters.'
  const email = normaliseEmail(input.email)
  if (!email) problems.email = 'Enter the e-mail address they will sign in with.'
  else if (!isValidEmail(email)) problems.email = 'Enter a valid e-mail address.'
  else if (others.some((f) => f.email === email))
    problems.email = 'Another facilitator already has this e-mail address.'
  return problems
}

/** The fields written for a valid form. */
export function facilitatorFields(input: FacilitatorInput): { name: string; email: string } {
  return { name: input.name.trim().replace(/\s+/g, ' '), email: normaliseEmail(input.email) }
}
