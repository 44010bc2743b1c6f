import { describe, expect, it } from 'vitest'
import type { FamilyData } from '@sync/contract/collections/families'
import {
  documentPeople,
  familyFilePath,
  needsLegalGuardianDocuments,
  proofRecord,
} from './documents'

const family: FamilyData = {
  guardians: [
    {
      parentUUID: 'g1',
      firstName: 'Priya',
      lastName: 'Naik',
      nationality: 'Indian',
      maritalStatus: 'Married',
    },
    {
      parentUUID: 'g2',
      firstName: 'Daniel',
      lastName: 'Naik',
      nationality: 'British',
      maritalStatus: 'Married',
      identityProof: [
        { fileName: 'p.pdf', fileURL: 'x', hasExpiryDate: true, expiryDate: '2026-01-01' },
      ],
    },
  ],
}

describe("the family's documents", () => {
  it('list who needs which document, and Visa Proof only for non-Indian nationals (I11, I31)', () => {
    const people = documentPeople(
      family,
      [
        {
          id: 's1',
          data: {
            firstName: 'Ira',
            lastName: 'Naik',
            nationality: 'Indian',
            identityProof: [{ fileName: 'b.pdf', fileURL: 'y' }],
          },
        },
      ],
      '2026-11-27',
    )
    expect(people.map((p) => [p.name, p.types, p.needs, p.expired])).toEqual([
      ['Priya Naik', ['ID Proof'], ['An identity document'], 0],
      [
        'Daniel Naik',
        ['ID Proof', 'Visa Proof'],
        ['A second identity document (not an Indian national)'],
        1,
      ],
      ['Ira Naik', ['ID Proof'], [], 0],
    ])
    expect(people[2]!.ref).toEqual({ kind: 'child', id: 's1' })
  })

  it('ask for legal guardian documents when a guardian is not Married (I32)', () => {
    expect(needsLegalGuardianDocuments(family)).toBe(false)
    const separated = {
      ...family,
      guardians: [{ ...family.guardians[0]!, maritalStatus: 'Separated' }],
    }
    expect(needsLegalGuardianDocuments(separated)).toBe(true)
  })

  it("are kept in the family's own folder", () => {
    expect(familyFilePath('demo-family-naik', 'Passport Scan.PDF', 'k1')).toBe(
      'families/demo-family-naik/passport-scan-k1.pdf',
    )
    expect(familyFilePath('../x', 'a.png', 'k')).toBe('families/x/a-k.png')
  })

  it('record an identity document with every field (I10)', () => {
    const values = {
      person: 'guardian-1',
      documentType: 'Visa Proof' as const,
      document: 'Passport',
      hasExpiryDate: true,
      expiryDate: '2030-05-01',
    }
    expect(
      proofRecord(
        values,
        { path: 'families/f/p.pdf', name: 'p.pdf' },
        'Daniel Naik',
        new Date('2026-11-27T00:00:00Z'),
      ),
    ).toEqual({
      fileName: 'p.pdf',
      fileURL: 'families/f/p.pdf',
      identityProofType: 'Visa Proof',
      identityProofSelection: 'Passport',
      hasExpiryDate: true,
      expiryDate: '2030-05-01',
      uploaded_At: '2026-11-27T00:00:00.000Z',
      personName: 'Daniel Naik',
    })
    expect(
      proofRecord({ ...values, hasExpiryDate: false }, { path: 'p', name: 'p' }, 'D', new Date())
        .expiryDate,
    ).toBeNull()
  })
})
