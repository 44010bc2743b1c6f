// What the office keeps about an inquiry beside the application (H11): its words about the
// family, the term the family hopes to start in, whether the forms and curriculum have gone to
// the family; why the inquiry has its status; the trials arranged, one per trial step.
import * as z from 'zod/mini'
import { DESCRIPTION_MAX, type InquiryStatus } from '@sync/contract/collections/inquiries'
import { statusLabel } from '@sync/rules/admissions/pipeline'
import { shortDate } from '@sync/rules/text'
import { admissionTermOptions } from './step-admission'

type Data = Record<string, unknown>

export const particularsSchema = z.object({
  familyDescription: z
    .string()
    .check(
      z.maxLength(
        DESCRIPTION_MAX,
        `A family description is at most ${DESCRIPTION_MAX} characters.`,
      ),
    ),
  tentativeAdmissionTerm: z.string().check(z.maxLength(100, 'A term is at most 100 characters.')),
  formsCurriculum: z.boolean(),
})
export type Particulars = z.infer<typeof particularsSchema>

const text = (v: unknown) => (typeof v === 'string' ? v : '')

export function particularsOf(data: Data): Particulars {
  return {
    familyDescription: text(data.familyDescription),
    tentativeAdmissionTerm: text(data.tentativeAdmissionTerm),
    formsCurriculum: data.formsCurriculum === true,
  }
}

/**
 * The inquiry's data with the particulars as entered: texts trimmed, no term as null. Only what
 * changed is written, so an edit on another device to another of them is not overwritten.
 */
export function withParticulars(data: Data, input: Particulars): Data {
  const before = particularsOf(data)
  const next: Data = { ...data }
  const description = input.familyDescription.trim()
  if (description !== before.familyDescription.trim()) next.familyDescription = description
  const term = input.tentativeAdmissionTerm.trim()
  if (term !== before.tentativeAdmissionTerm) next.tentativeAdmissionTerm = term || null
  if (input.formsCurriculum !== before.formsCurriculum) next.formsCurriculum = input.formsCurriculum
  return next
}

/** The terms offered: not decided, the one chosen already, and the next four from today. */
export function tentativeTermChoices(current: string, today: string) {
  const terms = [...new Set([current, ...admissionTermOptions(today)].filter(Boolean))]
  return [{ value: '', label: 'Not decided yet' }, ...terms.map((t) => ({ value: t, label: t }))]
}

/** Why the inquiry moved, as kept with its status: the reason given, or the status itself. */
export function statusDescriptionFor(status: InquiryStatus, why: string): string {
  return why.trim() || statusLabel(status)
}

export const statusWhySchema = z
  .string()
  .check(z.maxLength(DESCRIPTION_MAX, `A reason is at most ${DESCRIPTION_MAX} characters.`))

/**
 * The trials arranged, in the order they were, each as its step recorded it:
 * 'Aarav Rao in Jaul, 7 Dec 2026 – 11 Dec 2026'. An id whose step this device does not hold
 * (yet) is left out.
 */
export function trialLines(data: Data): { id: string; text: string }[] {
  const ids = Array.isArray(data.trialEventIDs) ? (data.trialEventIDs as unknown[]) : []
  const steps = Array.isArray(data.steps) ? (data.steps as Data[]) : []
  const children = Array.isArray(data.children) ? (data.children as Data[]) : []
  const lines: { id: string; text: string }[] = []
  for (const id of ids) {
    const step = steps.find((s) => s.id === id && s.kind === 'trial')
    const trial = step?.trial as Data | undefined
    if (!trial) continue
    const child = children[Number(trial.child)]
    const name = [child?.firstName, child?.lastName].filter(Boolean).join(' ') || 'A child'
    lines.push({
      id: String(id),
      text: `${name} in ${text(trial.groupName)}, ${shortDate(text(trial.start))} – ${shortDate(text(trial.end))}`,
    })
  }
  return lines
}
