import { describe, expect, it } from 'vitest'
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import { feeFamilyOf, feeStudentsOf, type FeeGroup } from './office-fees'

const groups = new Map<string, FeeGroup>([
  ['rg-jaul', { id: 'rg-jaul', name: 'Jaul', feeTariffId: 'rf-16700' }],
  ['rg-tanni', { id: 'rg-tanni', name: 'Tanni', feeTariffId: 'rf-14500' }],
  ['rg-free', { id: 'rg-free', name: 'Free', feeTariffId: null }],
  ['rg-gone', { id: 'rg-gone', name: 'Gone', feeTariffId: 'rf-missing' }],
])
const tariffs = new Map([
  ['rf-14500', 14500],
  ['rf-16700', 16700],
  ['rf-zero', 0],
])

const family = (guardians: { firstName: string; lastName: string; email?: string }[]) =>
  ({ id: 'f1', name: 'Fernandes', data: { guardians } }) as unknown as FamilyRow

describe('feeFamilyOf', () => {
  it.each([
    [
      'two guardians with addresses',
      [
        { firstName: 'Maria', lastName: 'Fernandes', email: 'maria@example.com' },
        { firstName: 'João', lastName: 'Fernandes', email: 'joao@example.com' },
      ],
      ['Maria Fernandes', 'João Fernandes'],
      ['maria@example.com', 'joao@example.com'],
    ],
    [
      'a shared address once, blanks left out',
      [
        { firstName: 'Maria', lastName: 'Fernandes', email: ' home@example.com ' },
        { firstName: 'João', lastName: '', email: 'HOME@example.com' },
        { firstName: '', lastName: '', email: '' },
      ],
      ['Maria Fernandes', 'João'],
      ['home@example.com'],
    ],
    ['no guardians', [], [], []],
  ])('%s', (_, guardians, names, emails) => {
    const f = feeFamilyOf(family(guardians))
    expect(f.guardianNames).toEqual(names)
    expect(f.emails).toEqual(emails)
  })
})

describe('feeStudentsOf', () => {
  const student = (id: string, name: string, status: string, group_id: string | null) =>
    ({ id, name, status, group_id, family_id: 'f1', fee_tariff_id: null }) as unknown as StudentRow
  it('lists the roll by name with family, group and monthly fee, without ended enrolments', () => {
    const list = feeStudentsOf(
      [
        student('s1', 'Tiago Fernandes', 'active', 'rg-jaul'),
        student('s2', 'Inês Fernandes', 'trial', 'rg-tanni'),
        student('s3', 'Ana Fernandes', 'terminated', 'rg-tanni'),
        student('s4', 'Bela Fernandes', 'active', null),
      ],
      [{ id: 'f1', name: 'Fernandes' }],
      groups,
      tariffs,
    )
    expect(list.map((s) => [s.name, s.familyName, s.groupName, s.monthlyFee])).toEqual([
      ['Bela Fernandes', 'Fernandes', 'No group', 0],
      ['Inês Fernandes', 'Fernandes', 'Tanni', 14500],
      ['Tiago Fernandes', 'Fernandes', 'Jaul', 16700],
    ])
  })

  it('gives each student the days their fees run, and keeps an ended enrolment up to its end', () => {
    const enrolled = (id: string, status: string, enrolment: Record<string, string>) =>
      ({
        id,
        name: id,
        status,
        group_id: 'rg-jaul',
        family_id: 'f1',
        fee_tariff_id: null,
        enrolment,
      }) as unknown as StudentRow
    const list = feeStudentsOf(
      [
        enrolled('aarav', 'active', {
          startDate: '2027-01-04',
          enrolledAt: '2026-11-20T06:00:00Z',
        }),
        enrolled('bela', 'active', { enrolledAt: '2026-06-10T06:00:00Z' }),
        enrolled('chitra', 'terminated', {
          startDate: '2026-06-01',
          terminatedAt: '2026-11-02T06:00:00Z',
        }),
        enrolled('dev', 'active', {
          startDate: '2026-06-01',
          terminatedAt: '2026-09-02T06:00:00Z',
        }),
      ],
      [{ id: 'f1', name: 'Kamat' }],
      groups,
      tariffs,
    )
    expect(list.map((s) => [s.id, s.feeWindow])).toEqual([
      ['aarav', { from: '2027-01-04', to: null }],
      ['bela', { from: '2026-06-10', to: null }],
      ['chitra', { from: '2026-06-01', to: '2026-11-02' }],
      ['dev', { from: '2026-06-01', to: null }],
    ])
  })
})
