// The parents' profile wizard (core.md §2, I24–I28): its four steps, the values each step edits
// and the checks of each, and how the values go back into the family's and children's records.
// The wizard writes on the device; the sync engine sends the changes, where the families' and
// students' guards let a guardian change only the profile (data), never the enrolment.
import * as z from 'zod/mini'
import { DATE_PATTERN } from '../../contract/constants.ts'
import {
  joinPhone,
  nationalNumber,
  phoneFieldProblem,
  splitPhone,
} from '../../contract/commands/accounts/phone.ts'
import type {
  EmergencyContactRecord,
  FamilyData,
  GuardianRecord,
} from '../../contract/collections/families.ts'
import type { StudentData } from '../../contract/collections/students.ts'
import {
  BLOOD_GROUP_PLACEHOLDER,
  DEFAULT_NATIONALITY,
  EMERGENCY_CONTACT_TYPES,
  MEDICAL_PLACEHOLDER,
} from './profile.ts'

export const WIZARD_STEPS = [
  'Personal Data',
  "Children's Data",
  'Additional Data',
  'Documents',
] as const
export const LAST_STEP = WIZARD_STEPS.length - 1
/** Where the wizard's step is kept on the device (I27). */
export const WIZARD_STEP_KEY = 'app.profile.step'
/** How long the "Please complete your profile" modal stays (core.md §2). */
export const PROFILE_MODAL_MS = 5000
export const PROFILE_MESSAGES = {
  complete: 'Please complete your profile',
  saved: 'Profile saved',
  completed: 'Your profile is complete. Thank you!',
} as const

/** The step kept on the device, or the first (I27). */
export function storedStep(storage: Pick<Storage, 'getItem'> | null): number {
  const n = Number(storage?.getItem(WIZARD_STEP_KEY))
  return Number.isInteger(n) && n >= 0 && n <= LAST_STEP ? n : 0
}

/** Previous stops at the first step (I26). */
export const previousStep = (step: number) => Math.max(0, step - 1)
/** Next moves on; at the last step it finishes (I25). */
export const nextStep = (step: number): number | 'finished' =>
  step >= LAST_STEP ? 'finished' : step + 1

const text = (max: number) =>
  z.string().check(z.maxLength(max, `Keep this under ${max} characters`))
const required = (missing: string, max = 100) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, missing), z.maxLength(max, `Keep this under ${max} characters`))
const optionalDate = z
  .string()
  .check(z.refine((v) => v === '' || DATE_PATTERN.test(v), 'Enter a date'))
const optionalEmail = z
  .string()
  .check(
    z.refine(
      (v) => v.trim() === '' || /^[\w.+-]+@([\w-]+\.)+[A-Za-z]{2,}$/.test(v.trim()),
      'Enter an e-mail address such as name@example.com',
    ),
  )
/** A country code and a number, checked by the one phone rule of every form (E03-E09). */
const phoneCheck = <T extends object>(prefixKey: keyof T & string, numberKey: keyof T & string) =>
  z.superRefine<T>((value, ctx) => {
    const problem = phoneFieldProblem(String(value[prefixKey]), String(value[numberKey]), {
      optional: true,
    })
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [numberKey], input: value })
  })

const guardianValues = z
  .object({
    firstName: required('Enter the first name'),
    lastName: required('Enter the last name'),
    dob: optionalDate,
    gender: text(40),
    nationality: required('Enter the nationality'),
    maritalStatus: text(40),
    prefix: text(6),
    mobile: text(40),
    address: text(400),
    occupation: text(100),
  })
  .check(phoneCheck<{ prefix: string; mobile: string }>('prefix', 'mobile'))
export type GuardianValues = z.infer<typeof guardianValues>

const childValues = z.object({
  id: z.string(),
  firstName: required('Enter the first name'),
  lastName: required('Enter the last name'),
  dob: optionalDate,
  gender: text(40),
  nationality: required('Enter the nationality'),
  fAllergies: text(20),
  allergies: text(1000),
  fVacinations: text(20),
  vacinations: text(1000),
  bloodGroup: text(20),
})
export type ChildValues = z.infer<typeof childValues>

const emergencyValues = z
  .object({
    type: z.enum(EMERGENCY_CONTACT_TYPES),
    name: text(200),
    relation: text(100),
    mobilePrefix: text(6),
    mobilePhone: text(40),
    email: optionalEmail,
    address: text(400),
  })
  .check(phoneCheck<{ mobilePrefix: string; mobilePhone: string }>('mobilePrefix', 'mobilePhone'))
export type EmergencyValues = z.infer<typeof emergencyValues>

/** The values the wizard's first three steps edit; step 4 (documents) edits files. */
export const profileFormSchema = z.object({
  guardians: z.array(guardianValues),
  children: z.array(childValues),
  emergency: z.array(emergencyValues),
})
export type ProfileFormValues = z.infer<typeof profileFormSchema>

/** The fields each step checks before Next moves on. */
export const STEP_FIELDS: readonly (keyof ProfileFormValues)[][] = [
  ['guardians'],
  ['children'],
  ['emergency'],
  [],
]

const s = (v: string | null | undefined) => v ?? ''

export interface ChildRecord {
  id: string
  name: string
  data: StudentData
}

/** What the wizard shows first: the family's and children's records as they are. */
export function profileValues(
  family: FamilyData,
  children: readonly ChildRecord[],
): ProfileFormValues {
  return {
    guardians: family.guardians.map((g) => ({
      firstName: s(g.firstName),
      lastName: s(g.lastName),
      dob: s(g.dob),
      gender: s(g.gender),
      nationality: s(g.nationality) || DEFAULT_NATIONALITY,
      maritalStatus: s(g.maritalStatus) || s(family.maritalStatus),
      prefix: s(g.prefix) || '+91',
      mobile: s(g.mobile),
      address: s(g.address),
      occupation: s(g.occupation),
    })),
    children: children.map((c) => ({
      id: c.id,
      firstName: s(c.data.firstName),
      lastName: s(c.data.lastName),
      dob: s(c.data.dob),
      gender: s(c.data.gender),
      nationality: s(c.data.nationality) || DEFAULT_NATIONALITY,
      fAllergies: s(c.data.medicalInfo?.fAllergies) || MEDICAL_PLACEHOLDER,
      allergies: s(c.data.medicalInfo?.allergies),
      fVacinations: s(c.data.medicalInfo?.fVacinations) || MEDICAL_PLACEHOLDER,
      vacinations: s(c.data.medicalInfo?.vacinations),
      bloodGroup: s(c.data.medicalInfo?.bloodGroup) || BLOOD_GROUP_PLACEHOLDER,
    })),
    emergency: EMERGENCY_CONTACT_TYPES.map((type) => {
      const found = (family.emergencyInfos ?? []).find((e) => e.type === type)
      return {
        type,
        name: s(found?.name),
        relation: s(found?.relation),
        ...emergencyPhone(s(found?.mobilePhone)),
        email: s(found?.email),
        address: s(found?.address),
      }
    }),
  }
}

/** An emergency contact's number, kept in one piece, as the phone field shows it. */
function emergencyPhone(stored: string) {
  const { prefix, number } = splitPhone(stored)
  return { mobilePrefix: prefix, mobilePhone: number }
}

const nullIfEmpty = (v: string) => (v.trim() === '' ? null : v.trim())

/** The family's record with the wizard's values in it; documents and everything else kept. */
export function familyWithProfile(family: FamilyData, values: ProfileFormValues): FamilyData {
  const guardians: GuardianRecord[] = family.guardians.map((g, i) => {
    const v = values.guardians[i]
    if (!v) return g
    return {
      ...g,
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      dob: nullIfEmpty(v.dob),
      gender: nullIfEmpty(v.gender),
      nationality: v.nationality.trim(),
      maritalStatus: nullIfEmpty(v.maritalStatus),
      prefix: nullIfEmpty(v.prefix),
      mobile: nullIfEmpty(nationalNumber(v.prefix, v.mobile)),
      address: nullIfEmpty(v.address),
      occupation: nullIfEmpty(v.occupation),
    }
  })
  const emergencyInfos: EmergencyContactRecord[] = values.emergency
    .filter((e) => e.name.trim() !== '')
    .map((e) => ({
      type: e.type,
      name: e.name.trim(),
      relation: nullIfEmpty(e.relation),
      mobilePhone: nullIfEmpty(joinPhone(e.mobilePrefix, e.mobilePhone)),
      email: nullIfEmpty(e.email),
      address: nullIfEmpty(e.address),
    }))
  return {
    ...family,
    guardians,
    // The family's marital status is its first guardian's (core.md §5 reads it per guardian).
    maritalStatus: guardians[0]?.maritalStatus ?? family.maritalStatus ?? null,
    emergencyInfos,
  }
}

const chosen = (v: string, placeholder: string) => (v === placeholder || v === '' ? null : v)

/** A child's profile with the wizard's values in it; documents kept. */
export function childWithProfile(data: StudentData, v: ChildValues): StudentData {
  return {
    ...data,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    dob: nullIfEmpty(v.dob),
    gender: nullIfEmpty(v.gender),
    nationality: v.nationality.trim(),
    medicalInfo: {
      ...data.medicalInfo,
      fAllergies: chosen(v.fAllergies, MEDICAL_PLACEHOLDER),
      allergies: nullIfEmpty(v.allergies),
      fVacinations: chosen(v.fVacinations, MEDICAL_PLACEHOLDER),
      vacinations: nullIfEmpty(v.vacinations),
      bloodGroup: chosen(v.bloodGroup, BLOOD_GROUP_PLACEHOLDER),
    },
  }
}
