// The family profile's rules (core.md §3, §5; operations.md §3): option lists, identity
// documents, a child's age and when a profile counts as complete. Pure functions, shared by the
// profile wizard, the parents' dashboard and administration's Families pane.

export const MARITAL_STATUSES = [
  'Married',
  'Separated',
  'Divorced',
  'Widowed',
  'Civil Partnership',
] as const
export type MaritalStatus = (typeof MARITAL_STATUSES)[number]
/** What the marital status select shows before a choice (core.md §5). */
export const MARITAL_STATUS_PLACEHOLDER = 'Please select'

export const GENDERS = ['Male', 'Female', 'Non binary', 'Other'] as const
export type Gender = (typeof GENDERS)[number]

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const
export const BLOOD_GROUP_PLACEHOLDER = 'Select Blood Group'
/** The first answer of the allergy and vaccination questions before a choice (I09). */
export const MEDICAL_PLACEHOLDER = 'Please select'

export const YES_NO_NOT_SURE = ['Yes', 'No', 'Not Sure'] as const
export const VISA_TYPES = ['Visa', 'OCI'] as const

export const DEFAULT_NATIONALITY = 'Indian'

/** The identity documents the centre accepts, with the size a printed copy must have. */
export const ID_DOCUMENTS = [
  { name: 'Passport', printSize: '6in × 4in' },
  { name: 'Aadhaar Card', printSize: '3.37in × 2.125in' },
  { name: 'PAN Card', printSize: '3.37in × 2.125in' },
  { name: 'Voter Identification Card', printSize: '3.37in × 2.125in' },
  { name: 'Driving License', printSize: '3.37in × 2.125in' },
  { name: 'Birth Certificate', printSize: '3.37in × 2.125in' },
] as const

export const EMERGENCY_CONTACT_TYPES = [
  "Doctor's Details",
  'First Contact Person',
  'Second Contact Person',
] as const

export type IdentityProofType = 'ID Proof' | 'Visa Proof'

/** Visa Proof is offered only to people who are not Indian nationals (I11). */
export function identityProofTypesFor(nationality: string | null | undefined): IdentityProofType[] {
  return isIndian(nationality) ? ['ID Proof'] : ['ID Proof', 'Visa Proof']
}

function isIndian(nationality: string | null | undefined): boolean {
  return (nationality ?? DEFAULT_NATIONALITY).trim().toLowerCase() === 'indian'
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function dateParts(isoDate: string): [number, number, number] {
  const match = ISO_DATE.exec(isoDate)
  const parts: [number, number, number] = [
    Number(match?.[1]),
    Number(match?.[2]),
    Number(match?.[3]),
  ]
  if (!match || parts[1] < 1 || parts[1] > 12 || parts[2] < 1 || parts[2] > 31) {
    throw new RangeError(`Not a date of the form YYYY-MM-DD: ${isoDate}`)
  }
  return parts
}

/** Whole years from `dob` to `today`, both YYYY-MM-DD (I08); a birthday not yet reached this year does not count. */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dateParts(dob)
  const [ty, tm, td] = dateParts(today)
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
  if (age < 0) throw new RangeError(`The date of birth ${dob} is after ${today}`)
  return age
}

/** One uploaded identity document of a person (I10). */
export interface IdentityProof {
  fileName?: string | null
  fileURL?: string | null
  identityProofType?: IdentityProofType | string | null
  hasExpiryDate?: boolean | null
  expiryDate?: string | null
}

export interface ProfilePerson {
  nationality?: string | null
  identityProof?: readonly IdentityProof[] | null
}

export interface ProfileGuardian extends ProfilePerson {
  maritalStatus?: string | null
}

export interface UploadedFile {
  fileName?: string | null
  fileURL?: string | null
}

export interface FamilyProfile {
  guardians: readonly ProfileGuardian[]
  children: readonly ProfilePerson[]
  forms?: readonly UploadedFile[] | null
  legalGuardianDocuments?: readonly UploadedFile[] | null
}

/** What keeps a profile from being complete, in the words a parent reads. */
export type ProfileGap =
  | { kind: 'no-forms' }
  | { kind: 'no-guardian' }
  | { kind: 'no-child' }
  | { kind: 'missing-proof'; who: 'guardian' | 'child'; index: number }
  | { kind: 'file-not-uploaded'; who: 'guardian' | 'child'; index: number }
  | { kind: 'needs-two-proofs'; who: 'guardian' | 'child'; index: number }
  | { kind: 'needs-legal-guardian-documents' }

function uploaded(file: UploadedFile): boolean {
  return Boolean(file.fileURL && file.fileURL.trim() && file.fileName && file.fileName.trim())
}

function personGaps(person: ProfilePerson, who: 'guardian' | 'child', index: number): ProfileGap[] {
  const proofs = person.identityProof ?? []
  if (proofs.length === 0) return [{ kind: 'missing-proof', who, index }]
  const gaps: ProfileGap[] = []
  if (proofs.some((proof) => !uploaded(proof))) gaps.push({ kind: 'file-not-uploaded', who, index })
  if (!isIndian(person.nationality) && proofs.length < 2) {
    gaps.push({ kind: 'needs-two-proofs', who, index })
  }
  return gaps
}

/**
 * Everything that keeps a family's profile from being complete (I29–I32): forms uploaded, every
 * guardian and child with identity proof whose files are all uploaded, two proofs for each
 * person who is not an Indian national, and legal guardian documents when a guardian's marital
 * status is not Married. A profile needs at least one guardian and one child to be complete.
 * Expired documents are counted apart (`expiredProofs`) and do not make a profile incomplete.
 */
export function profileGaps(family: FamilyProfile): ProfileGap[] {
  const gaps: ProfileGap[] = []
  if (!(family.forms ?? []).some(uploaded)) gaps.push({ kind: 'no-forms' })
  if (family.guardians.length === 0) gaps.push({ kind: 'no-guardian' })
  if (family.children.length === 0) gaps.push({ kind: 'no-child' })
  family.guardians.forEach((guardian, i) => gaps.push(...personGaps(guardian, 'guardian', i)))
  family.children.forEach((child, i) => gaps.push(...personGaps(child, 'child', i)))
  const needsLegal = family.guardians.some((guardian) => guardian.maritalStatus !== 'Married')
  if (needsLegal && !(family.legalGuardianDocuments ?? []).some(uploaded)) {
    gaps.push({ kind: 'needs-legal-guardian-documents' })
  }
  return gaps
}

export function isProfileComplete(family: FamilyProfile): boolean {
  return profileGaps(family).length === 0
}

/** A proof counts as expired when it has an expiry date and that day has passed (I33). */
export function isExpired(proof: IdentityProof, today: string): boolean {
  if (!proof.hasExpiryDate || !proof.expiryDate) return false
  dateParts(proof.expiryDate)
  return proof.expiryDate < today
}

/** How many of the family's identity documents have expired (I33, shown per decision I34). */
export function expiredProofs(family: FamilyProfile, today: string): number {
  const people: ProfilePerson[] = [...family.guardians, ...family.children]
  return people.reduce(
    (count, person) =>
      count + (person.identityProof ?? []).filter((proof) => isExpired(proof, today)).length,
    0,
  )
}

/** The groups of the extended programme (I04). */
export const EXTENDED_PROGRAMME_GROUPS = ['Jaul', 'Tanni', 'Paani'] as const

/**
 * A family is in the extended programme when any of its children is in one of its groups
 * (decision I05): the programme follows the child, and one child in it is enough for the family
 * to be told about it.
 */
export function isExtendedProgrammeFamily(groupNames: readonly string[]): boolean {
  const extended = new Set<string>(EXTENDED_PROGRAMME_GROUPS.map((name) => name.toLowerCase()))
  return groupNames.some((name) => extended.has(name.trim().toLowerCase()))
}
