import { describe, expect, it } from 'vitest'
import { admissionDefaults, admissionTermOptions, withGroup, withTariff } from './step-admission'
import { defaults, groups, inquiry, tariffs } from './step-fixtures'

describe('the admission (H31–H36)', () => {
  it('offers the next four terms from today, with their academic year', () => {
    expect(admissionTermOptions('2026-11-27')).toEqual([
      'Term 3 2026-27',
      'Term 1 2027-28',
      'Term 2 2027-28',
      'Term 3 2027-28',
    ])
    expect(admissionTermOptions('2027-05-10', 2)).toEqual(['Term 1 2027-28', 'Term 2 2027-28'])
    expect(admissionTermOptions('2027-06-01', 1)).toEqual(['Term 1 2027-28'])
    expect(admissionTermOptions('2099-09-02', 1)).toEqual(['Term 3 2099-00'])
  })

  it('takes the fee tariff from the group and the monthly fee from the tariff, editable', () => {
    const start = defaults(inquiry()).admission
    expect(start).toMatchObject({
      child: 0,
      admissionTerm: 'Term 3 2026-27',
      groupId: '',
      feeTariffId: '',
      monthlyFee: '',
      admissionFee: '',
      depositFee: 45000,
      contributionType: 'None',
      contributionFee: 0,
    })
    const grouped = withGroup(start, 'g-oak', groups, tariffs)
    expect(grouped).toMatchObject({
      groupId: 'g-oak',
      groupName: 'Oaks',
      feeTariffId: 't-big',
      monthlyFee: 16700,
    })
    expect(withTariff(grouped, 't-std', tariffs)).toMatchObject({
      feeTariffId: 't-std',
      monthlyFee: 14500,
    })
    // A group without a tariff keeps the tariff and the fee chosen so far.
    expect(withGroup(grouped, 'g-old', groups, tariffs)).toMatchObject({
      groupName: 'Old group',
      feeTariffId: 't-big',
      monthlyFee: 16700,
    })
  })

  it('starts from the group the child tried, or from what an earlier admission e-mail said', () => {
    const tried = inquiry({
      children: [
        {
          firstName: 'Asha',
          lastName: 'Rao',
          trialGroupUUID: 'g-sun',
          trialGroupName: 'Sunflowers',
        },
      ],
    })
    expect(admissionDefaults(tried, 0, '2026-11-27', groups, tariffs)).toMatchObject({
      groupId: 'g-sun',
      feeTariffId: 't-std',
      monthlyFee: 14500,
    })
    const admitted = inquiry({
      children: [
        {
          firstName: 'Asha',
          lastName: 'Rao',
          admissionTerm: 'Term 1 2027-28',
          admissionGroupUUID: 'g-sun',
          feeTariffUUID: 't-big',
          monthlyFee: 15000,
          admissionFee: 20000,
          depositFee: 40000,
          contributionType: 'Annual',
          contributionFee: 5000,
        },
      ],
    })
    expect(admissionDefaults(admitted, 0, '2026-11-27', groups, tariffs)).toMatchObject({
      admissionTerm: 'Term 1 2027-28',
      groupId: 'g-sun',
      feeTariffId: 't-big',
      monthlyFee: 15000,
      admissionFee: 20000,
      depositFee: 40000,
      contributionType: 'Annual',
      contributionFee: 5000,
    })
  })
})
