// The family's documents in the profile wizard's last step (I10, I11, I21–I23, I29–I33): who
// needs which identity document, where a new file is stored, and the records that list them.
import type { FamilyData, IdentityProofRecord } from '@sync/contract/collections/families'
import type { StudentData } from '@sync/contract/collections/students'
import {
  identityProofTypesFor,
  isExpired,
  type IdentityProofType,
} from '@sync/rules/families/profile'
import { storedName } from '@/lib/storage-names'

export const DOCUMENT_MESSAGES = {
  uploaded: 'Success! File uploaded',
  removed: 'Document removed',
} as const

/** Today's date as an expiry date is written ('YYYY-MM-DD', in UTC). */
export const todayIso = () => new Date().toISOString().slice(0, 10)

/** The kinds of family form the form upload dialog offers (I22). */
export const FORM_TYPES = ['Admission form', 'Medical form', 'Consent form', 'Other'] as const

/** Where a family's file is stored: its own folder, which only its guardians and the office reach. */
export function familyFilePath(familyId: string, original: string, stamp: string): string {
  return `families/${familyId.replace(/[^A-Za-z0-9_-]/g, '')}/${storedName(original, stamp)}`
}

export type PersonRef = { kind: 'guardian'; index: number } | { kind: 'child'; id: string }

export interface DocumentPerson {
  ref: PersonRef
  key: string
  name: string
  nationality: string
  proofs: readonly IdentityProofRecord[]
  /** The proof types this person may upload (I11). */
  types: IdentityProofType[]
  /** What is still missing, in words; empty when nothing is. */
  needs: string[]
  expired: number
}

const nameOf = (p: { firstName?: string | null; lastName?: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ')

function needsOf(nationality: string, proofs: readonly IdentityProofRecord[]): string[] {
  if (proofs.length === 0) return ['An identity document']
  const indian = identityProofTypesFor(nationality).length === 1
  return !indian && proofs.length < 2 ? ['A second identity document (not an Indian national)'] : []
}

/** Everyone whose identity documents the family keeps: the guardians, then the children. */
export function documentPeople(
  family: FamilyData,
  children: readonly { id: string; data: StudentData }[],
  today: string,
): DocumentPerson[] {
  const person = (
    ref: PersonRef,
    key: string,
    p: { firstName?: string | null; lastName?: string | null; nationality?: string | null },
    proofs: readonly IdentityProofRecord[],
  ): DocumentPerson => ({
    ref,
    key,
    name: nameOf(p),
    nationality: p.nationality ?? 'Indian',
    proofs,
    types: identityProofTypesFor(p.nationality),
    needs: needsOf(p.nationality ?? 'Indian', proofs),
    expired: proofs.filter((proof) => isExpired(proof, today)).length,
  })
  return [
    ...family.guardians.map((g, index) =>
      person({ kind: 'guardian', index }, `guardian-${index}`, g, g.identityProof ?? []),
    ),
    ...children.map((c) =>
      person({ kind: 'child', id: c.id }, `child-${c.id}`, c.data, c.data.identityProof ?? []),
    ),
  ]
}

/** Whether the family must also give legal guardian documents (I32). */
export function needsLegalGuardianDocuments(family: FamilyData): boolean {
  return family.guardians.some((g) => g.maritalStatus !== 'Married')
}

export interface ProofValues {
  person: string
  documentType: IdentityProofType
  document: string
  hasExpiryDate: boolean
  expiryDate: string
}

/** The record of an uploaded identity document (I10). */
export function proofRecord(
  values: ProofValues,
  file: { path: string; name: string },
  personName: string,
  now: Date,
): IdentityProofRecord {
  return {
    fileName: file.name,
    fileURL: file.path,
    identityProofType: values.documentType,
    identityProofSelection: values.document,
    hasExpiryDate: values.hasExpiryDate,
    expiryDate: values.hasExpiryDate ? values.expiryDate : null,
    uploaded_At: now.toISOString(),
    personName,
  }
}
