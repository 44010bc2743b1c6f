import { describe, expect, it } from 'vitest'
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import { activeStudents, familiesOfPane, officeFamily, type GroupOption } from './office'

const today = '2026-11-27'

const groups = new Map<string, GroupOption>(
  [
    { id: 'g-jaul', name: 'Jaul', feeTariffId: 't1', active: true },
    { id: 'g-vaaro', name: 'Vaaro', feeTariffId: 't2', active: true },
    { id: 'g-dongor', name: 'Dongor', feeTariffId: 't2', active: true },
  ].map((g) => [g.id, g]),
)

const proof = (fileName: string) => ({
  fileName,
  fileURL: `f/${fileName}`,
  identityProofType: 'ID Proof' as const,
})

function family(id: string, name: string, extra: Partial<FamilyRow> = {}): FamilyRow {
  return {
    id,
    name,
    status: 'enrolled',
    data: {
      guardians: [
        {
          parentUUID: `${id}-g1`,
          firstName: 'Maria',
          lastName: name,
          email: `maria@${id}.test`,
          prefix: '+91',
          mobile: '9000000001',
          nationality: 'Indian',
          maritalStatus: 'Married',
          identityProof: [proof('aadhaar.pdf')],
        },
      ],
      forms: [{ fileName: 'form.pdf', fileURL: 'f/form.pdf' }],
    },
    ...extra,
  }
}

function student(
  id: string,
  familyId: string,
  name: string,
  group: string | null,
  status: StudentRow['status'] = 'active',
  extra: Partial<StudentRow['data']> = {},
): StudentRow {
  return {
    id,
    family_id: familyId,
    contact_id: null,
    group_id: group,
    status,
    name,
    fee_tariff_id: null,
    enrolment: status === 'terminated' ? { terminationNotes: 'Moved to Pune' } : {},
    data: {
      firstName: name.split(' ')[0]!,
      dob: '2018-02-14',
      identityProof: [proof('birth.pdf')],
      ...extra,
    },
  }
}

describe("the office's view of a family", () => {
  it('lists guardians and children, enrolled ones first, with group, age and notes', () => {
    const view = officeFamily(
      family('f1', 'Fernandes'),
      [
        student('s1', 'f1', 'Zoe Fernandes', 'g-vaaro'),
        student('s2', 'f1', 'Ana Fernandes', 'g-jaul', 'terminated'),
        student('s3', 'f1', 'Inês Fernandes', 'g-dongor', 'trial'),
      ],
      groups,
      today,
    )
    expect(view.guardians).toEqual([
      { name: 'Maria Fernandes', email: 'maria@f1.test', phone: '+91 9000000001' },
    ])
    expect(view.children.map((c) => [c.name, c.groupName, c.status, c.age])).toEqual([
      ['Inês Fernandes', 'Dongor', 'trial', 8],
      ['Zoe Fernandes', 'Vaaro', 'active', 8],
      ['Ana Fernandes', 'Jaul', 'terminated', 8],
    ])
    expect(view.children[2]!.terminationNotes).toBe('Moved to Pune')
    expect(view.profileComplete).toBe(true)
    expect(view.gaps).toEqual([])
  })

  it('flags the extended programme from the enrolled children only (I04, I05)', () => {
    const jaul = [student('s1', 'f1', 'Ana', 'g-jaul')]
    expect(officeFamily(family('f1', 'F'), jaul, groups, today).extendedProgramme).toBe(true)
    const ended = [student('s1', 'f1', 'Ana', 'g-jaul', 'terminated')]
    expect(officeFamily(family('f1', 'F'), ended, groups, today).extendedProgramme).toBe(false)
    const vaaro = [student('s1', 'f1', 'Ana', 'g-vaaro')]
    expect(officeFamily(family('f1', 'F'), vaaro, groups, today).extendedProgramme).toBe(false)
  })

  it('says in words what keeps the profile from being complete, by name (I29–I32)', () => {
    const f = family('f1', 'Naik', {
      data: {
        ...family('f1', 'Naik').data,
        forms: [],
        maritalStatus: 'Separated',
        guardians: [
          { ...family('f1', 'Naik').data.guardians[0]!, maritalStatus: 'Separated' },
          {
            parentUUID: 'g2',
            firstName: 'Daniel',
            lastName: 'Naik',
            nationality: 'British',
            maritalStatus: 'Separated',
            identityProof: [proof('passport.pdf')],
          },
        ],
      },
    })
    const view = officeFamily(
      f,
      [student('s1', 'f1', 'Ira Naik', 'g-jaul', 'active', { identityProof: [] })],
      groups,
      today,
    )
    expect(view.profileComplete).toBe(false)
    expect(view.gaps).toEqual([
      'No forms uploaded',
      'Daniel Naik: two identity documents are needed (not an Indian national)',
      'Ira Naik: no identity document',
      'Legal guardian documents are missing',
    ])
  })

  it('counts expired identity documents (I33)', () => {
    const f = family('f1', 'F')
    f.data.guardians[0]!.identityProof = [
      { ...proof('passport.pdf'), hasExpiryDate: true, expiryDate: '2026-11-26' },
      { ...proof('visa.pdf'), hasExpiryDate: false, expiryDate: '2020-01-01' },
    ]
    expect(officeFamily(f, [], groups, today).expiredDocuments).toBe(1)
  })
})

describe('the Families and Archive panes', () => {
  const families = [
    family('f1', 'naik'),
    family('f2', 'Fernandes'),
    family('f3', 'Almeida', { status: 'archived' }),
    family('f4', 'Costa', { status: 'admission' }),
  ]
  const rows = [student('s1', 'f2', 'Tiago Fernandes', 'g-jaul')]

  it('list the families that are not archived by name, whatever the case (I14)', () => {
    expect(familiesOfPane(families, rows, groups, today, 'families').map((f) => f.name)).toEqual([
      'Costa',
      'Fernandes',
      'naik',
    ])
  })

  it('put archived families in the Archive pane only (I15)', () => {
    expect(familiesOfPane(families, rows, groups, today, 'archive').map((f) => f.name)).toEqual([
      'Almeida',
    ])
  })

  it("find a family by a guardian's e-mail or a child's name", () => {
    const find = (q: string) =>
      familiesOfPane(families, rows, groups, today, 'families', q).map((f) => f.name)
    expect(find('tiago')).toEqual(['Fernandes'])
    expect(find('maria@f1')).toEqual(['naik'])
    expect(find('  ')).toHaveLength(3)
    expect(find('nobody')).toEqual([])
  })
})

describe('the Students pane', () => {
  it('lists students on the roll by group, then name (I13, I14)', () => {
    const rows = [
      student('s1', 'f1', 'Zoe', 'g-jaul'),
      student('s2', 'f2', 'Ana', 'g-vaaro', 'trial'),
      student('s3', 'f1', 'Bea', 'g-jaul'),
      student('s4', 'f2', 'Carl', 'g-dongor', 'terminated'),
      student('s5', 'f2', 'Dev', null, 'trial'),
    ]
    const list = activeStudents(
      rows,
      [family('f1', 'Fernandes'), family('f2', 'Naik')],
      groups,
      today,
    )
    expect(list.map((s) => [s.groupName, s.name, s.status, s.familyName])).toEqual([
      ['Jaul', 'Bea', 'active', 'Fernandes'],
      ['Jaul', 'Zoe', 'active', 'Fernandes'],
      ['No group', 'Dev', 'trial', 'Naik'],
      ['Vaaro', 'Ana', 'trial', 'Naik'],
    ])
    expect(list[0]).toMatchObject({ id: 's3', groupId: 'g-jaul', familyId: 'f1', age: 8 })
  })
})
