// The student application form's values (G02, G05–G09, G11–G14): the family's children, added
// one at a time through the child sub-form, its parents or guardians, and the parents' marital
// status. Kept on the device as a draft (the open child sub-form too), checked with the
// `applications` function's own schema, and sent through the same queue as every application.
import {
  applicationChildSchema,
  fieldProblems,
  studentApplicationSchema,
  type StudentApplication,
} from '@sync/rules/admissions/application'
import { submitBlocks, SUBMIT_BLOCK_TEXT } from '@sync/rules/admissions/gating'
import { GUARDIAN_QUESTIONS } from '@sync/rules/admissions/questions'
import { DEFAULT_COUNTRY } from '@sync/contract/commands/accounts/countries'

export const STUDENT_DRAFT_KEY = 'app.applications.draft.student'
export const MAX_CHILDREN = 10
export const MAX_GUARDIANS = 4

export interface SchoolValues {
  school: string
  grade: string
  years: string
}

export interface ChildValues {
  firstName: string
  middleName: string
  lastName: string
  dob: string
  gender: string
  nationality: string
  previousSchools: SchoolValues[]
}

export interface GuardianValues {
  about: string
  firstName: string
  middleName: string
  lastName: string
  dob: string
  occupation: string
  jobDescription: string
  workPlace: string
  prefix: string
  mobile: string
  email: string
  address: string
  nationality: string
  gender: string
  questions: Record<string, string>
}

export interface StudentFormValues {
  id: string
  maritalStatus: string
  soleGuardian: boolean
  children: ChildValues[]
  guardians: GuardianValues[]
  /** The child sub-form while it is open: the child being entered, and which one it edits. */
  childDraft: ChildValues | null
  childIndex: number | null
}

export const emptySchool = (): SchoolValues => ({ school: '', grade: '', years: '' })

export const emptyChild = (): ChildValues => ({
  firstName: '',
  middleName: '',
  lastName: '',
  dob: '',
  gender: '',
  nationality: DEFAULT_COUNTRY.nationality,
  previousSchools: [],
})

export const emptyGuardian = (): GuardianValues => ({
  about: '',
  firstName: '',
  middleName: '',
  lastName: '',
  dob: '',
  occupation: '',
  jobDescription: '',
  workPlace: '',
  prefix: DEFAULT_COUNTRY.prefix,
  mobile: '',
  email: '',
  address: '',
  nationality: DEFAULT_COUNTRY.nationality,
  gender: '',
  questions: Object.fromEntries(GUARDIAN_QUESTIONS.map((q) => [q.id, ''])),
})

export function emptyStudentForm(id: string): StudentFormValues {
  return {
    id,
    maritalStatus: '',
    soleGuardian: false,
    children: [],
    guardians: [emptyGuardian()],
    childDraft: null,
    childIndex: null,
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v)

/** Text fields of `empty` taken from `saved` where it has text; anything else is left empty. */
function mergeText<T extends object>(empty: T, saved: unknown): T {
  if (!isRecord(saved)) return empty
  const out = { ...empty } as Record<string, unknown>
  for (const [key, value] of Object.entries(empty)) {
    if (typeof value === 'string' && typeof saved[key] === 'string') out[key] = saved[key]
  }
  return out as T
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

function readChild(saved: unknown): ChildValues {
  const child = mergeText(emptyChild(), saved)
  const schools = isRecord(saved) ? list(saved.previousSchools) : []
  return { ...child, previousSchools: schools.map((s) => mergeText(emptySchool(), s)) }
}

function readGuardian(saved: unknown): GuardianValues {
  const guardian = mergeText(emptyGuardian(), saved)
  const questions = isRecord(saved)
    ? mergeText(guardian.questions, saved.questions)
    : guardian.questions
  return { ...guardian, questions }
}

/** The draft kept on this device, with anything damaged or missing started empty. */
export function readStudentDraft(
  storage: Pick<Storage, 'getItem'>,
  makeId: () => string,
): StudentFormValues {
  const empty = emptyStudentForm(makeId())
  let saved: unknown
  try {
    saved = JSON.parse(storage.getItem(STUDENT_DRAFT_KEY) ?? 'null')
  } catch {
    return empty
  }
  if (!isRecord(saved)) return empty
  const guardians = list(saved.guardians).slice(0, MAX_GUARDIANS).map(readGuardian)
  const children = list(saved.children).slice(0, MAX_CHILDREN).map(readChild)
  const index =
    typeof saved.childIndex === 'number' && saved.childIndex < children.length
      ? saved.childIndex
      : null
  return {
    id: /^[A-Za-z0-9_-]{8,64}$/.test(String(saved.id)) ? String(saved.id) : empty.id,
    maritalStatus: typeof saved.maritalStatus === 'string' ? saved.maritalStatus : '',
    soleGuardian: saved.soleGuardian === true,
    children,
    guardians: guardians.length > 0 ? guardians : empty.guardians,
    childDraft: isRecord(saved.childDraft) ? readChild(saved.childDraft) : null,
    childIndex: isRecord(saved.childDraft) ? index : null,
  }
}

const withoutEmptyAnswers = (questions: Record<string, string>) =>
  Object.fromEntries(Object.entries(questions).filter(([, a]) => a.trim() !== ''))

/** A child as the application sends it: school rows left blank are dropped. */
export function toApplicationChild(child: ChildValues): unknown {
  return {
    ...child,
    previousSchools: child.previousSchools.filter(
      (s) => s.school.trim() || s.grade.trim() || s.years.trim(),
    ),
  }
}

export function toStudentApplication(values: StudentFormValues): unknown {
  return {
    id: values.id,
    maritalStatus: values.maritalStatus || undefined,
    soleGuardian: values.soleGuardian,
    children: values.children.map(toApplicationChild),
    guardians: values.guardians.map((g) => ({ ...g, questions: withoutEmptyAnswers(g.questions) })),
  }
}

/** The child sub-form's problems, keyed as its fields are ('childDraft.dob'). */
export function childProblems(child: ChildValues): Record<string, string> {
  const parsed = applicationChildSchema.safeParse(toApplicationChild(child))
  if (parsed.success) return {}
  const problems = fieldProblems(parsed.error)
  return Object.fromEntries(Object.entries(problems).map(([k, v]) => [`childDraft.${k}`, v]))
}

/** Each field's problem, keyed as the form's fields are ('guardians.0.email'). */
export function studentFormProblems(values: StudentFormValues): Record<string, string> {
  const parsed = studentApplicationSchema.safeParse(toStudentApplication(values))
  const problems = parsed.success ? {} : fieldProblems(parsed.error)
  return values.childDraft ? { ...problems, ...childProblems(values.childDraft) } : problems
}

export function studentApplicationOf(values: StudentFormValues): StudentApplication {
  return studentApplicationSchema.parse(toStudentApplication(values))
}

/** Why Send is not available yet, in the words shown beside it (G11–G14). */
export function submitReasons(values: StudentFormValues): string[] {
  const reasons = submitBlocks(values).map((b) => SUBMIT_BLOCK_TEXT[b])
  if (values.childDraft) reasons.push('Save or cancel the child you are adding')
  return reasons
}

/** A child's name as the children list shows it. */
export const childName = (c: Pick<ChildValues, 'firstName' | 'middleName' | 'lastName'>) =>
  [c.firstName, c.middleName, c.lastName]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ')
