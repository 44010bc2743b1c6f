import { describe, expect, it } from 'vitest'
import type { FamilyData } from '../../contract/collections/families.ts'
import {
  childWithProfile,
  familyWithProfile,
  nextStep,
  previousStep,
  profileFormSchema,
  profileValues,
  storedStep,
  WIZARD_STEP_KEY,
  WIZARD_STEPS,
} from './profile-form.ts'

const family: FamilyData = {
  maritalStatus: 'Married',
  guardians: [
    {
      parentUUID: 'g1',
      firstName: 'Priya',
      lastName: 'Naik',
      email: 'priya@example.com',
      nationality: 'Indian',
      maritalStatus: 'Married',
      identityProof: [{ fileName: 'a.pdf', fileURL: 'families/f/a.pdf' }],
    },
  ],
  forms: [{ fileName: 'form.pdf', fileURL: 'families/f/form.pdf' }],
  emergencyInfos: [{ type: 'First Contact Person', name: 'Rosa', mobilePhone: '9822000002' }],
}
const child = { id: 's1', name: 'Ira Naik', data: { firstName: 'Ira', lastName: 'Naik' } }

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === WIZARD_STEP_KEY ? value : null),
})

describe('the profile wizard', () => {
  it('has four steps in order (I24)', () => {
    expect(WIZARD_STEPS).toEqual([
      'Personal Data',
      "Children's Data",
      'Additional Data',
      'Documents',
    ])
  })

  it('stops at step 1 on Previous and finishes on Next at step 4 (I25, I26)', () => {
    expect(previousStep(0)).toBe(0)
    expect(previousStep(2)).toBe(1)
    expect(nextStep(0)).toBe(1)
    expect(nextStep(3)).toBe('finished')
  })

  it('reopens at the step kept on the device, or the first (I27)', () => {
    expect(storedStep(storage('2'))).toBe(2)
    expect(storedStep(storage(null))).toBe(0)
    expect(storedStep(storage('7'))).toBe(0)
    expect(storedStep(storage('x'))).toBe(0)
    expect(storedStep(null)).toBe(0)
  })

  it("starts from the records, with the spec's placeholders and defaults (I09)", () => {
    const values = profileValues(family, [child])
    expect(values.guardians[0]).toMatchObject({
      firstName: 'Priya',
      prefix: '+91',
      maritalStatus: 'Married',
    })
    expect(values.children[0]).toMatchObject({
      id: 's1',
      nationality: 'Indian',
      fAllergies: 'Please select',
      bloodGroup: 'Select Blood Group',
    })
    expect(values.emergency.map((e) => [e.type, e.name])).toEqual([
      ["Doctor's Details", ''],
      ['First Contact Person', 'Rosa'],
      ['Second Contact Person', ''],
    ])
  })

  it('says in words what a step is missing', () => {
    const values = profileValues(family, [child])
    values.guardians[0]!.firstName = ' '
    values.guardians[0]!.mobile = '98-22'
    values.emergency[0]!.email = 'not an address'
    const issues = profileFormSchema
      .safeParse(values)
      .error!.issues.map((i) => [i.path.join('.'), i.message])
    expect(issues).toEqual([
      ['guardians.0.firstName', 'Enter the first name'],
      ['guardians.0.mobile', 'An Indian mobile number has 10 digits.'],
      ['emergency.0.email', 'Enter an e-mail address such as name@example.com'],
    ])
  })

  it.each([
    ['+91 9822000001', '+91 9822000001'],
    ['+91 90000 00003', '+91 9000000003'],
    ['98220 00002', '+91 9822000002'],
    ['+44 7700 900123', '+44 7700900123'],
  ])('takes the emergency number %s and keeps it as %s (E09)', (typed, kept) => {
    const values = profileValues(
      {
        ...family,
        emergencyInfos: [{ type: "Doctor's Details", name: 'Dr. Kamat', mobilePhone: typed }],
      },
      [child],
    )
    expect(profileFormSchema.safeParse(values).success).toBe(true)
    expect(familyWithProfile(family, values).emergencyInfos?.[0]?.mobilePhone).toBe(kept)
  })

  it.each([
    ['+91', '+91 9822000001', '9822000001'],
    ['+91', '90000 00003', '9000000003'],
  ])('takes the mobile %s %s, keeping %s', (prefix, mobile, kept) => {
    const values = profileValues(family, [child])
    Object.assign(values.guardians[0]!, { prefix, mobile })
    expect(profileFormSchema.safeParse(values).success).toBe(true)
    expect(familyWithProfile(family, values).guardians[0]!.mobile).toBe(kept)
  })

  it.each([
    ['emergency.0.mobilePhone', '98220 0000I', 'Use digits only in the number (spaces are fine).'],
    ['emergency.0.mobilePhone', '+91 98220', 'An Indian mobile number has 10 digits.'],
  ])('refuses %s %s: %s', (path, typed, message) => {
    const values = profileValues(family, [child])
    values.emergency[0]!.mobilePhone = typed
    const issues = profileFormSchema
      .safeParse(values)
      .error!.issues.map((i) => [i.path.join('.'), i.message])
    expect(issues).toEqual([[path, message]])
  })

  it('writes the answers back, keeping documents and forms', () => {
    const values = profileValues(family, [child])
    values.guardians[0]!.occupation = ' Teacher '
    values.guardians[0]!.maritalStatus = 'Separated'
    values.emergency[0]!.name = 'Dr. Kamat'
    const data = familyWithProfile(family, values)
    expect(data.guardians[0]).toMatchObject({
      occupation: 'Teacher',
      maritalStatus: 'Separated',
      email: 'priya@example.com',
      identityProof: family.guardians[0]!.identityProof,
    })
    expect(data.maritalStatus).toBe('Separated')
    expect(data.forms).toEqual(family.forms)
    expect(data.emergencyInfos?.map((e) => e.name)).toEqual(['Dr. Kamat', 'Rosa'])

    const c = values.children[0]!
    c.bloodGroup = 'O+'
    c.fAllergies = 'Yes'
    c.allergies = 'Peanuts'
    expect(
      childWithProfile({ ...child.data, identityProof: [{ fileName: 'b.pdf' }] }, c),
    ).toMatchObject({
      medicalInfo: {
        bloodGroup: 'O+',
        fAllergies: 'Yes',
        allergies: 'Peanuts',
        fVacinations: null,
      },
      identityProof: [{ fileName: 'b.pdf' }],
    })
  })
})
