// The facilitator application form's values (G03, G10): text as typed, kept on the device as a
// draft while the person writes, and turned into the application the `applications` function
// takes. The form checks with the function's own schema, so both say the same about each field.
import {
  facilitatorApplicationSchema,
  fieldProblems,
  type FacilitatorApplication,
} from '@sync/rules/admissions/application'
import { FACILITATOR_QUESTIONS } from '@sync/rules/admissions/questions'
import { COUNTRIES, DEFAULT_COUNTRY } from '@sync/contract/commands/accounts/countries'

export const FACILITATOR_DRAFT_KEY = 'app.applications.draft.facilitator'

export interface ReferenceValues {
  name: string
  email: string
  relationship: string
}

export interface FacilitatorFormValues {
  /** Made once per application: sending it again finds the same inquiry. */
  id: string
  firstName: string
  middleName: string
  lastName: string
  dob: string
  email: string
  prefix: string
  mobile: string
  gender: string
  nationality: string
  workplace: string
  yearsOfExperience: string
  facilitatingSubjects: string
  statementOfInterest: string
  references: [ReferenceValues, ReferenceValues]
  questions: Record<string, string>
}

export function newApplicationId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/[^A-Za-z0-9_-]/g, '')
}

const reference = (): ReferenceValues => ({ name: '', email: '', relationship: '' })

export function emptyFacilitatorForm(id: string): FacilitatorFormValues {
  return {
    id,
    firstName: '',
    middleName: '',
    lastName: '',
    dob: '',
    email: '',
    prefix: DEFAULT_COUNTRY.prefix,
    mobile: '',
    gender: '',
    nationality: DEFAULT_COUNTRY.nationality,
    workplace: '',
    yearsOfExperience: '',
    facilitatingSubjects: '',
    statementOfInterest: '',
    references: [reference(), reference()],
    questions: Object.fromEntries(FACILITATOR_QUESTIONS.map((q) => [q.id, ''])),
  }
}

/** The draft kept on this device, merged over an empty form (a field added later starts empty). */
export function readFacilitatorDraft(
  storage: Pick<Storage, 'getItem'>,
  makeId: () => string = newApplicationId,
): FacilitatorFormValues {
  const empty = emptyFacilitatorForm(makeId())
  try {
    const draft = JSON.parse(storage.getItem(FACILITATOR_DRAFT_KEY) ?? 'null') as unknown
    if (!draft || typeof draft !== 'object') return empty
    const d = draft as Partial<FacilitatorFormValues>
    const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback)
    const refs = Array.isArray(d.references) ? d.references : []
    return {
      ...empty,
      ...Object.fromEntries(
        Object.entries(empty)
          .filter(([, v]) => typeof v === 'string')
          .map(([k, v]) => [k, text((d as Record<string, unknown>)[k], v as string)]),
      ),
      id: /^[A-Za-z0-9_-]{8,64}$/.test(String(d.id)) ? String(d.id) : empty.id,
      references: [0, 1].map((i) => ({ ...reference(), ...refs[i] })) as [
        ReferenceValues,
        ReferenceValues,
      ],
      questions: { ...empty.questions, ...(d.questions ?? {}) },
    }
  } catch {
    return empty
  }
}

/** What the form sends: numbers as numbers, an empty year count as missing. */
export function toFacilitatorApplication(values: FacilitatorFormValues): unknown {
  const years = values.yearsOfExperience.trim()
  return {
    ...values,
    yearsOfExperience: years === '' ? undefined : Number(years),
    questions: Object.fromEntries(
      Object.entries(values.questions).filter(([, answer]) => answer.trim() !== ''),
    ),
  }
}

/** Each field's problem, keyed as the form's fields are ('references.0.email'). */
export function facilitatorFormProblems(values: FacilitatorFormValues): Record<string, string> {
  const parsed = facilitatorApplicationSchema.safeParse(toFacilitatorApplication(values))
  return parsed.success ? {} : fieldProblems(parsed.error)
}

export function facilitatorApplicationOf(values: FacilitatorFormValues): FacilitatorApplication {
  return facilitatorApplicationSchema.parse(toFacilitatorApplication(values))
}

/** The country codes to choose from, one per prefix, named by the countries that use it. */
export const PREFIX_OPTIONS: { value: string; label: string }[] = [
  ...COUNTRIES.reduce((byPrefix, c) => {
    byPrefix.set(c.prefix, [...(byPrefix.get(c.prefix) ?? []), c.name])
    return byPrefix
  }, new Map<string, string[]>()),
].map(([prefix, names]) => ({ value: prefix, label: `${prefix} (${names.join(', ')})` }))
