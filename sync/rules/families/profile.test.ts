import { describe, expect, it } from 'vitest'
import {
  BLOOD_GROUPS,
  GENDERS,
  ID_DOCUMENTS,
  MARITAL_STATUSES,
  ageOn,
  expiredProofs,
  identityProofTypesFor,
  isExpired,
  isExtendedProgrammeFamily,
  isProfileComplete,
  profileGaps,
  type FamilyProfile,
  type IdentityProof,
} from './profile'

const proof = (over: Partial<IdentityProof> = {}): IdentityProof => ({
  fileName: 'passport.pdf',
  fileURL: 'families/fernandes/passport.pdf',
  identityProofType: 'ID Proof',
  hasExpiryDate: false,
  expiryDate: null,
  ...over,
})

const form = { fileName: 'admission-form.pdf', fileURL: 'families/fernandes/admission-form.pdf' }

function completeFamily(): FamilyProfile {
  return {
    guardians: [
      { nationality: 'Indian', maritalStatus: 'Married', identityProof: [proof()] },
      { nationality: 'Indian', maritalStatus: 'Married', identityProof: [proof()] },
    ],
    children: [{ nationality: 'Indian', identityProof: [proof()] }],
    forms: [form],
    legalGuardianDocuments: [],
  }
}

describe('option lists (core.md §5)', () => {
  it('lists the marital statuses, genders, blood groups and ID documents with print sizes', () => {
    expect(MARITAL_STATUSES).toEqual([
      'Married',
      'Separated',
      'Divorced',
      'Widowed',
      'Civil Partnership',
    ])
    expect(GENDERS).toEqual(['Male', 'Female', 'Non binary', 'Other'])
    expect(BLOOD_GROUPS).toHaveLength(8)
    expect(ID_DOCUMENTS.find((d) => d.name === 'Passport')?.printSize).toBe('6in × 4in')
    expect(ID_DOCUMENTS.filter((d) => d.printSize === '3.37in × 2.125in')).toHaveLength(5)
  })

  it.each([
    ['Indian', ['ID Proof']],
    [' indian ', ['ID Proof']],
    [null, ['ID Proof']],
    ['Portuguese', ['ID Proof', 'Visa Proof']],
    ['British', ['ID Proof', 'Visa Proof']],
  ])('offers %j the proof types %j (I11)', (nationality, types) => {
    expect(identityProofTypesFor(nationality)).toEqual(types)
  })
})

describe("a child's age (I08)", () => {
  it.each([
    ['2019-11-26', '2026-11-26', 7],
    ['2019-11-27', '2026-11-26', 6],
    ['2019-12-01', '2026-11-26', 6],
    ['2020-02-29', '2027-02-28', 6],
    ['2020-02-29', '2027-03-01', 7],
    ['2026-11-26', '2026-11-26', 0],
  ])('born %s is %i on %s', (dob, today, age) => {
    expect(ageOn(dob, today)).toBe(age)
  })

  it('refuses a birth date in the future or not a date', () => {
    expect(() => ageOn('2027-01-01', '2026-11-26')).toThrow(/after/)
    expect(() => ageOn('26/11/2019', '2026-11-26')).toThrow(/YYYY-MM-DD/)
  })
})

describe('profile completeness (I29–I32)', () => {
  it('counts a family with forms and every proof uploaded as complete', () => {
    expect(profileGaps(completeFamily())).toEqual([])
    expect(isProfileComplete(completeFamily())).toBe(true)
  })

  it('needs forms that are uploaded (I29)', () => {
    expect(profileGaps({ ...completeFamily(), forms: [] })).toEqual([{ kind: 'no-forms' }])
    expect(profileGaps({ ...completeFamily(), forms: null })).toEqual([{ kind: 'no-forms' }])
    expect(
      profileGaps({ ...completeFamily(), forms: [{ fileName: 'a.pdf', fileURL: '' }] }),
    ).toEqual([{ kind: 'no-forms' }])
  })

  it('needs a proof for each guardian and child, with every file uploaded (I30)', () => {
    const family = completeFamily()
    const noProof = { ...family, children: [{ nationality: 'Indian', identityProof: [] }] }
    expect(profileGaps(noProof)).toEqual([{ kind: 'missing-proof', who: 'child', index: 0 }])
    const noFile = {
      ...family,
      guardians: [
        family.guardians[0]!,
        { ...family.guardians[1]!, identityProof: [proof({ fileURL: null })] },
      ],
    }
    expect(profileGaps(noFile)).toEqual([{ kind: 'file-not-uploaded', who: 'guardian', index: 1 }])
  })

  it('needs two proofs for a person who is not an Indian national (I31)', () => {
    const family = completeFamily()
    const one = { ...family, guardians: [{ ...family.guardians[0]!, nationality: 'Portuguese' }] }
    expect(profileGaps(one)).toEqual([{ kind: 'needs-two-proofs', who: 'guardian', index: 0 }])
    const two = {
      ...family,
      guardians: [
        {
          ...family.guardians[0]!,
          nationality: 'Portuguese',
          identityProof: [proof(), proof({ identityProofType: 'Visa Proof', fileName: 'oci.pdf' })],
        },
      ],
    }
    expect(isProfileComplete(two)).toBe(true)
  })

  it('needs legal guardian documents when a guardian is not married (I32)', () => {
    const family = completeFamily()
    const divorced = {
      ...family,
      guardians: [{ ...family.guardians[0]!, maritalStatus: 'Divorced' }],
    }
    expect(profileGaps(divorced)).toEqual([{ kind: 'needs-legal-guardian-documents' }])
    expect(isProfileComplete({ ...divorced, legalGuardianDocuments: [form] })).toBe(true)
  })

  it('needs at least one guardian and one child', () => {
    expect(profileGaps({ ...completeFamily(), guardians: [], children: [] })).toEqual([
      { kind: 'no-guardian' },
      { kind: 'no-child' },
    ])
  })
})

describe('expired documents (I33, I34)', () => {
  it('counts a proof as expired only when it has an expiry date that has passed', () => {
    expect(isExpired(proof({ hasExpiryDate: true, expiryDate: '2026-11-25' }), '2026-11-26')).toBe(
      true,
    )
    expect(isExpired(proof({ hasExpiryDate: true, expiryDate: '2026-11-26' }), '2026-11-26')).toBe(
      false,
    )
    expect(isExpired(proof({ hasExpiryDate: false, expiryDate: '2020-01-01' }), '2026-11-26')).toBe(
      false,
    )
    expect(isExpired(proof({ hasExpiryDate: true, expiryDate: null }), '2026-11-26')).toBe(false)
  })

  it("counts the family's expired proofs without making the profile incomplete", () => {
    const family = completeFamily()
    const expired = {
      ...family,
      children: [
        {
          nationality: 'Indian',
          identityProof: [proof({ hasExpiryDate: true, expiryDate: '2026-01-01' })],
        },
      ],
    }
    expect(expiredProofs(expired, '2026-11-26')).toBe(1)
    expect(expiredProofs(family, '2026-11-26')).toBe(0)
    expect(isProfileComplete(expired)).toBe(true)
  })
})

describe('the extended programme (I04, I05)', () => {
  it.each([
    [['Jaul', 'Tanni', 'Paani'], true],
    [['Tanni'], true],
    [['paani '], true],
    [['Sapling', 'Banyan'], false],
    [[], false],
  ])('groups %j make an extended-programme family: %s', (groups, extended) => {
    expect(isExtendedProgrammeFamily(groups)).toBe(extended)
  })
})
