// Admission steps taken offline (issue 16): the office's device has no connection while it sends
// a family the meeting, admission and enrolment e-mails. When it comes back, the push's answer is
// lost once (the server committed, the device never heard) and the device pushes again: each step
// is carried out once (one e-mail each, one family record, one student), and the family and the
// student the server made arrive on the device.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { families, inquiries, students } from '@sync/contract/collections/index.ts'
import { applyStep, familyTokenOf, type AdmissionStep } from '@sync/rules/admissions/steps.ts'
import type { InquiryRow } from '@sync/engine/database.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, losingFirstAnswer, type Device } from './support.ts'

const INQUIRY = 'inq-offline-steps'
const FAMILY = familyTokenOf(INQUIRY)
const STUDENT = 'stu-offline-steps'

const mail = (subject: string) => ({
  sender: 'admissions',
  to: ['rhea.dias@family.test'],
  cc: ['admissions@demo.school'],
  subject,
  html: `<p>${subject}</p>`,
})

const steps: AdmissionStep[] = [
  {
    id: 'offline-step-meeting',
    kind: 'meeting',
    at: '2026-11-27T09:00:00Z',
    by: 'Meera Kamat',
    mail: mail('Meeting'),
    meeting: { date: '2026-12-03', start: '15:30', end: '17:00', contact: 'Meera' },
  },
  {
    id: 'offline-step-admission',
    kind: 'admission',
    at: '2026-11-27T09:10:00Z',
    by: 'Meera Kamat',
    mail: mail('Admission'),
    familyToken: FAMILY,
    admission: {
      child: 0,
      admissionTerm: 'Term 1 2027-28',
      groupId: 'rg-paani',
      groupName: 'Paani',
      feeTariffId: 'rf-14500',
      monthlyFee: 14500,
      admissionFee: 5000,
      depositFee: 45000,
      contributionType: 'None',
      contributionFee: 0,
    },
  },
  {
    id: 'offline-step-enrolment',
    kind: 'enrolment',
    at: '2026-11-27T09:20:00Z',
    by: 'Meera Kamat',
    mail: mail('Enrolled'),
    child: 0,
    studentId: STUDENT,
  },
]

describe.each(testDatabases())('admission steps taken offline on $name', (target) => {
  let host: TestHost
  const open: Device[] = []

  beforeAll(async () => {
    host = await startTestHost({ database: target })
    await host.db.query(
      `insert into public.inquiries (id, kind, status, family_name, data)
       values ($1, 'family', 'initialInquiry', 'Dias', $2::jsonb)`,
      [
        INQUIRY,
        JSON.stringify({
          maritalStatus: 'Married',
          children: [
            {
              firstName: 'Kiara',
              lastName: 'Dias',
              dob: '2017-06-01',
              gender: 'Female',
              nationality: 'Indian',
            },
          ],
          guardians: [
            {
              firstName: 'Rhea',
              lastName: 'Dias',
              email: 'rhea.dias@family.test',
              prefix: '+91',
              mobile: '9822077777',
            },
          ],
        }),
      ],
    )
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)))
  })
  afterAll(async () => {
    await host.stop()
    await target.close()
  })

  it('run once each after reconnecting, and what the server made reaches the device', async () => {
    const office = await device(host, 'admission', [inquiries, families, students], {
      transport: losingFirstAnswer('inquiries'),
      retry: { baseMs: 50, maxMs: 200 },
    })
    open.push(office)
    expect(await office.db.inquiries.findOne(INQUIRY).exec()).not.toBeNull()

    office.goOffline()
    for (const step of steps) {
      const doc = (await office.db.inquiries.findOne(INQUIRY).exec())!
      await doc.incrementalModify((row) => {
        const next = applyStep(row as InquiryRow, step)
        return { ...row, ...next } as typeof row
      })
    }
    const local = (await office.db.inquiries.findOne(INQUIRY).exec())!.toMutableJSON()
    expect(local.status).toBe('enrolled')
    expect((local.data.children as Record<string, unknown>[])[0]).toMatchObject({
      paymentPending: true,
      enrolled: true,
      studentUUID: STUDENT,
      groupUUID: 'rg-paani',
    })
    expect(await office.sync.countPending()).toBe(1)

    await office.goOnline()
    await eventually(async () => expect(await office.sync.countPending()).toBe(0), 20_000)

    const done = await host.db.query<{ id: string; kind: string }>(
      'select id, kind from public.admission_steps where inquiry_id = $1 order by created_at, id',
      [INQUIRY],
    )
    expect(done.map((s) => s.kind).sort()).toEqual(['admission', 'enrolment', 'meeting'])
    const mails = await host.db.query<{ id: string }>(
      `select id from public.email_outbox where id like 'step-offline-step-%' order by id`,
    )
    expect(mails.map((m) => m.id)).toEqual([
      'step-offline-step-admission',
      'step-offline-step-enrolment',
      'step-offline-step-meeting',
    ])
    const made = await host.db.query<{ status: string }>(
      'select status from public.families where id = $1',
      [FAMILY],
    )
    expect(made).toEqual([{ status: 'enrolled' }])

    await eventually(async () => {
      const student = await office.db.students.findOne(STUDENT).exec()
      expect(student?.family_id).toBe(FAMILY)
      expect(student?.group_id).toBe('rg-paani')
      const family = await office.db.families.findOne(FAMILY).exec()
      expect(family?.status).toBe('enrolled')
    }, 20_000)
    expect(office.refused).toEqual([])
    expect(office.lost).toEqual([])
  })
})
