// The admission steps (issue 16, H21–H42) as the server carries them out: a step arrives in an
// inquiry's `data.steps` through sync_push and is done exactly once, in the same transaction:
// its e-mail queued (with the meeting's calendar invite or the trial's curriculum), the trial's
// facilitators told, the family record and its contacts made at admission, the student at
// enrolment. A step that cannot be carried out refuses the edit with its reason and leaves
// nothing behind; only the office takes steps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}
const administration = by('administration')
const admission = by('admission')
const guardian = by('guardian')
const admin = by('admin')

const kept = <T>(db: Db, account: DemoAccount, fn: (tx: Queryable) => Promise<T>) =>
  asUser(db, claimsOf(account), fn, { commit: true })

interface PushAnswer {
  conflicts: Record<string, unknown>[]
  refused: { id: string; reason: string; code: string }[]
}

type Doc = Record<string, unknown> & { data: Record<string, unknown> }

async function current(db: Db, id: string): Promise<Doc> {
  const [row] = await db.query<{ doc: Doc }>(
    `select to_jsonb(i) - '_seq' - '_modified' as doc from public.inquiries i where id = $1`,
    [id],
  )
  return row!.doc
}

/** The office pushes the inquiry with `change` applied to its data, assuming the server's state. */
async function pushData(
  db: Db,
  account: DemoAccount,
  id: string,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
  status?: string,
): Promise<PushAnswer> {
  const assumed = await current(db, id)
  const doc = { ...assumed, ...(status ? { status } : {}), data: change(assumed.data) }
  return kept(db, account, async (tx) => {
    const [row] = await tx.query<{ answer: PushAnswer }>(
      'select public.sync_push($1, $2::jsonb) as answer',
      ['inquiries', JSON.stringify([{ newDocumentState: doc, assumedMasterState: assumed }])],
    )
    return row!.answer
  })
}

const withStep = (step: Record<string, unknown>) => (data: Record<string, unknown>) => ({
  ...data,
  steps: [...((data.steps as unknown[]) ?? []), step],
})

// From the sender account of the member who takes the steps here (Savio Pereira, administration).
const mail = (subject: string) => ({
  sender: 'savio',
  to: ['asha.costa@example.in', 'vikram.costa@example.in'],
  cc: ['admissions@demo.school'],
  subject,
  html: `<p>${subject}</p>`,
})

let counter = 0
async function newInquiry(db: Db, family = 'Costa'): Promise<string> {
  counter += 1
  const id = `inq-steps-${counter}-${Math.random().toString(36).slice(2, 8)}`
  await db.query(
    `insert into public.inquiries (id, kind, status, family_name, data)
     values ($1, 'family', 'initialInquiry', $2, $3::jsonb)`,
    [
      id,
      family,
      JSON.stringify({
        maritalStatus: 'Married',
        children: [
          {
            firstName: 'Noor',
            lastName: family,
            dob: '2018-04-02',
            gender: 'Female',
            nationality: 'Indian',
          },
          {
            firstName: 'Ilan',
            lastName: family,
            dob: '2020-09-15',
            gender: 'Male',
            nationality: 'Indian',
          },
        ],
        guardians: [
          {
            firstName: 'Asha',
            lastName: family,
            email: 'asha.costa@example.in',
            prefix: '+91',
            mobile: '98220 11111',
          },
          {
            firstName: 'Vikram',
            lastName: family,
            email: 'vikram.costa@example.in',
            prefix: '+44',
            mobile: '7700900555',
          },
        ],
        facilitators: ['f0000000-0000-4000-a000-000000000002'],
      }),
    ],
  )
  return id
}

const stepId = () => `st${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

async function outbox(db: Db, id: string) {
  const [row] = await db.query<{
    recipients: string[]
    cc: string[]
    sender: string
    subject: string
    attachments: Record<string, unknown>[]
    email_type: string
    email_trigger: string
    triggered_by: string | null
  }>(
    `select recipients, cc, sender, subject, attachments, email_type, email_trigger,
            triggered_by::text from public.email_outbox where id = $1`,
    [id],
  )
  return row ?? null
}

const admissionStep = (id: string, child: number, familyToken: string) => ({
  id,
  kind: 'admission',
  at: '2026-11-27T10:00:00Z',
  by: 'Savio Pereira',
  familyToken,
  mail: mail('Admission'),
  admission: {
    child,
    admissionTerm: 'Term 3 2026-27',
    groupId: 'rg-tanni',
    groupName: 'Tanni',
    feeTariffId: 'rf-14500',
    monthlyFee: 14500,
    admissionFee: 10000,
    depositFee: 45000,
    contributionType: 'None',
    contributionFee: 0,
  },
})

/** What the office enters in "Admission payment received" (issue 40). */
const receivedPayment = (over: Record<string, unknown> = {}) => ({
  admissionFee: 10000,
  depositFee: 45000,
  paymentDate: '2026-11-27',
  paymentOption: 'UPI',
  receivedFrom: 'Asha Costa',
  reference: 'UPI-40311',
  ...over,
})

const paymentStep = (id: string, child: number, payment: unknown) => ({
  id,
  kind: 'admissionPayment',
  at: '2026-11-27T10:05:00Z',
  by: 'Savio Pereira',
  mail: mail('Payment received'),
  child,
  payment,
})

type PaymentDoc = Record<string, unknown> & { data: Record<string, unknown> }

async function familyPayments(db: Db, family: string): Promise<PaymentDoc[]> {
  return (
    await db.query<{ doc: PaymentDoc }>(
      `select to_jsonb(p) - '_seq' - '_modified' - 'updated_at' - 'updated_by' as doc
         from public.payments p where family_id = $1 order by id`,
      [family],
    )
  ).map((r) => r.doc)
}

/** A payment pushed by `account` with `change` applied to its data, assuming the server's state. */
async function pushPayment(
  db: Db,
  account: DemoAccount,
  assumed: PaymentDoc | null,
  doc: PaymentDoc,
): Promise<PushAnswer> {
  return kept(db, account, async (tx) => {
    const [row] = await tx.query<{ answer: PushAnswer }>(
      'select public.sync_push($1, $2::jsonb) as answer',
      ['payments', JSON.stringify([{ newDocumentState: doc, assumedMasterState: assumed }])],
    )
    return row!.answer
  })
}

describe.each(testDatabases())('admission steps on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('a meeting e-mail is queued once with a calendar invite; a reschedule keeps the event and raises the sequence', async () => {
    const inquiry = await newInquiry(db)
    const first = stepId()
    const meeting = (id: string, date: string) => ({
      id,
      kind: 'meeting',
      at: '2026-11-27T10:00:00Z',
      by: 'Savio Pereira',
      mail: mail(`Meeting on ${date}`),
      meeting: { date, start: '15:30', end: '17:00', contact: 'Meera' },
    })
    expect(
      await pushData(db, administration, inquiry, withStep(meeting(first, '2026-12-03'))),
    ).toEqual({ conflicts: [], refused: [] })
    const sent = await outbox(db, `step-${first}`)
    expect(sent).toMatchObject({
      recipients: ['asha.costa@example.in', 'vikram.costa@example.in'],
      cc: ['admissions@demo.school'],
      sender: '"Savio Pereira" <savio@demo.school>',
      subject: 'Meeting on 2026-12-03',
      email_type: 'Inquiry',
      email_trigger: 'admissions.meeting',
      triggered_by: administration.id,
    })
    const invite = sent!.attachments[0]!.invite as Record<string, unknown>
    expect(invite).toMatchObject({
      uid: `meeting-${inquiry}@admissions`,
      sequence: 0,
      date: '2026-12-03',
      start: '15:30',
      end: '17:00',
      timeZone: 'Asia/Kolkata',
      organizer: { name: 'Savio Pereira', email: 'savio@demo.school' },
      attendees: [
        { name: 'Asha Costa', email: 'asha.costa@example.in' },
        { name: 'Vikram Costa', email: 'vikram.costa@example.in' },
      ],
    })

    // The same inquiry pushed again (an answer lost on the way): nothing more is queued.
    const state = await current(db, inquiry)
    const again = await kept(db, administration, async (tx) => {
      const [row] = await tx.query<{ answer: PushAnswer }>(
        'select public.sync_push($1, $2::jsonb) as answer',
        ['inquiries', JSON.stringify([{ newDocumentState: state, assumedMasterState: state }])],
      )
      return row!.answer
    })
    expect(again.refused).toEqual([])

    const second = stepId()
    await pushData(db, administration, inquiry, withStep(meeting(second, '2026-12-07')))
    const update = (await outbox(db, `step-${second}`))!.attachments[0]!.invite as Record<
      string,
      unknown
    >
    expect(update).toMatchObject({
      uid: `meeting-${inquiry}@admissions`,
      sequence: 1,
      date: '2026-12-07',
    })
    const [{ n }] = (await db.query<{ n: number }>(
      `select count(*)::int as n from public.email_outbox where id like 'step-%' and id in ($1, $2)`,
      [`step-${first}`, `step-${second}`],
    )) as [{ n: number }]
    expect(n).toBe(2)
    const [{ steps }] = (await db.query<{ steps: number }>(
      'select count(*)::int as steps from public.admission_steps where inquiry_id = $1',
      [inquiry],
    )) as [{ steps: number }]
    expect(steps).toBe(2)
  })

  it("a trial e-mail carries the curriculum and the group's and inquiry's facilitators are told", async () => {
    const inquiry = await newInquiry(db)
    const id = stepId()
    const answer = await pushData(
      db,
      admission,
      inquiry,
      withStep({
        id,
        kind: 'trial',
        at: '2026-11-27T10:00:00Z',
        by: 'Meera Kamat',
        mail: { ...mail('Trial days'), sender: 'admissions' },
        trial: {
          child: 0,
          groupId: 'rg-jaul',
          groupName: 'Jaul',
          start: '2026-12-07',
          end: '2026-12-11',
        },
      }),
      'trial',
    )
    expect(answer).toEqual({ conflicts: [], refused: [] })
    const sent = await outbox(db, `step-${id}`)
    expect(sent!.attachments).toEqual([
      {
        bucket: 'documents',
        path: 'centre/curriculum.pdf',
        filename: 'Curriculum.pdf',
        contentType: 'application/pdf',
      },
    ])
    const notice = await outbox(db, `step-${id}-facilitators`)
    const [{ emails }] = (await db.query<{ emails: string[] }>(
      `select coalesce(array_agg(distinct f.email order by f.email), '{}') as emails
         from public.facilitators f
        where f.email is not null and (f.id = 'f0000000-0000-4000-a000-000000000002' or f.id in (
          select s ->> 'facilitatorId' from public.timetables t, jsonb_each(t.data -> 'days') d,
                 jsonb_array_elements(d.value) s
           where t.kind = 'group_template' and t.group_id = 'rg-jaul'))`,
    )) as [{ emails: string[] }]
    expect(emails.length).toBeGreaterThan(1)
    expect([...notice!.recipients].sort()).toEqual(emails)
    expect(notice!.subject).toBe('Trial: Noor Costa joins Jaul from 2026-12-07 to 2026-12-11')
  })

  it("a child's name with a line break cannot add a header to the facilitators' notice", async () => {
    const inquiry = await newInquiry(db)
    await db.query(
      `update public.inquiries set data = jsonb_set(data, '{children,0,firstName}', $2::jsonb)
        where id = $1`,
      [inquiry, JSON.stringify('Noor\r\nBcc: x@evil.example')],
    )
    const id = stepId()
    await pushData(
      db,
      administration,
      inquiry,
      withStep({
        id,
        kind: 'trial',
        at: '2026-11-27T10:00:00Z',
        by: 'Savio Pereira',
        mail: mail('Trial days'),
        trial: {
          child: 0,
          groupId: 'rg-jaul',
          groupName: 'Jaul',
          start: '2026-12-07',
          end: '2026-12-08',
        },
      }),
    )
    const notice = await outbox(db, `step-${id}-facilitators`)
    expect(notice!.subject).toBe(
      'Trial: Noor Bcc: x@evil.example Costa joins Jaul from 2026-12-07 to 2026-12-08',
    )
  })

  it('a trial ending before it starts is refused with the reason and leaves nothing', async () => {
    const inquiry = await newInquiry(db)
    const before = await current(db, inquiry)
    const id = stepId()
    const answer = await pushData(
      db,
      administration,
      inquiry,
      withStep({
        id,
        kind: 'trial',
        at: '2026-11-27T10:00:00Z',
        by: 'Savio Pereira',
        mail: mail('Trial days'),
        trial: {
          child: 0,
          groupId: 'rg-jaul',
          groupName: 'Jaul',
          start: '2026-12-11',
          end: '2026-12-07',
        },
      }),
    )
    expect(answer.refused).toHaveLength(1)
    expect(answer.refused[0]!.reason).toContain('Start date must be before end date')
    expect((await current(db, inquiry)).data).toEqual(before.data)
    expect(await outbox(db, `step-${id}`)).toBeNull()
    const rows = await db.query('select 1 from public.admission_steps where id = $1', [id])
    expect(rows).toHaveLength(0)
  })

  it("admission makes the family record and the guardians' contacts once; a second child's admission reuses them", async () => {
    const inquiry = await newInquiry(db, 'Almeida')
    const token = `fam-${inquiry}`
    const first = stepId()
    expect(
      await pushData(
        db,
        administration,
        inquiry,
        withStep(admissionStep(first, 0, token)),
        'admission',
      ),
    ).toEqual({ conflicts: [], refused: [] })
    const [family] = await db.query<{
      status: string
      name: string
      data: Record<string, unknown>
    }>('select status, name, data from public.families where id = $1', [token])
    expect(family).toMatchObject({ status: 'admission', name: 'Almeida' })
    const guardians = family!.data.guardians as Record<string, unknown>[]
    expect(guardians.map((g) => [g.firstName, g.email, g.contactId])).toEqual([
      ['Asha', 'asha.costa@example.in', `fc-${token}-1`],
      ['Vikram', 'vikram.costa@example.in', `fc-${token}-2`],
    ])
    const contacts = await db.query<{ whatsapp: string; prefix: string; member_type: string }>(
      'select whatsapp, prefix, member_type from public.family_contacts where family_token = $1 order by id',
      [token],
    )
    expect(contacts).toEqual([
      { whatsapp: '919822011111', prefix: '+91', member_type: 'guardian' },
      { whatsapp: '447700900555', prefix: '+44', member_type: 'guardian' },
    ])
    expect((await outbox(db, `step-${first}`))!.email_type).toBe('Admissions')
    const [step] = await db.query<{ outcome: Record<string, unknown> }>(
      'select outcome from public.admission_steps where id = $1',
      [first],
    )
    expect(step!.outcome).toEqual({ familyToken: token, familyCreated: true })

    const second = stepId()
    await pushData(db, administration, inquiry, withStep(admissionStep(second, 1, token)))
    const [again] = await db.query<{ outcome: Record<string, unknown> }>(
      'select outcome from public.admission_steps where id = $1',
      [second],
    )
    expect(again!.outcome).toEqual({ familyToken: token, familyCreated: false })
    const [{ n }] = (await db.query<{ n: number }>(
      'select count(*)::int as n from public.family_contacts where family_token = $1',
      [token],
    )) as [{ n: number }]
    expect(n).toBe(2)
  })

  it('the admission e-mail carries its UPI QR code inline; any other image refuses the step (issue 40)', async () => {
    const inquiry = await newInquiry(db, 'Pinto')
    const token = `fam-${inquiry}`
    const qr = {
      filename: 'upi-qr.gif',
      content: 'R0lGODlhAQABAAAAACw=',
      contentType: 'image/gif',
      cid: 'upi-qr@payment',
    }
    const withImages = (id: string, images: unknown) => {
      const step = admissionStep(id, 0, token)
      return { ...step, mail: { ...step.mail, images } }
    }
    const bad = stepId()
    const refused = await pushData(
      db,
      administration,
      inquiry,
      withStep(
        withImages(bad, [
          { ...qr, filename: 'payload.exe', contentType: 'application/x-msdownload' },
        ]),
      ),
    )
    expect(refused.refused[0]!.reason).toContain(
      "The image of a step's e-mail is not a UPI QR code.",
    )
    expect(await outbox(db, `step-${bad}`)).toBeNull()
    const two = stepId()
    const twice = await pushData(db, administration, inquiry, withStep(withImages(two, [qr, qr])))
    expect(twice.refused[0]!.reason).toContain('at most one image')
    expect(await outbox(db, `step-${two}`)).toBeNull()

    const good = stepId()
    expect(
      await pushData(db, administration, inquiry, withStep(withImages(good, [qr])), 'admission'),
    ).toEqual({ conflicts: [], refused: [] })
    expect((await outbox(db, `step-${good}`))!.attachments).toEqual([qr])
  })

  it('enrolment makes the student in the family and enrols the family; before admission it is refused', async () => {
    const inquiry = await newInquiry(db, 'Pinto')
    const early = stepId()
    const refused = await pushData(
      db,
      administration,
      inquiry,
      withStep({
        id: early,
        kind: 'enrolment',
        at: '2026-11-27T10:00:00Z',
        by: 'Savio Pereira',
        mail: mail('Enrolled'),
        child: 0,
        studentId: `stu-${inquiry}`,
      }),
    )
    expect(refused.refused[0]!.reason).toContain('Send the admission e-mail first')

    const token = `fam-${inquiry}`
    const admitted = stepId()
    const payment = stepId()
    const enrolled = stepId()
    // Taken offline one after the other and pushed together: carried out in order.
    const answer = await pushData(
      db,
      administration,
      inquiry,
      (data) => {
        const children = data.children as Record<string, unknown>[]
        const next = withStep(admissionStep(admitted, 0, token))(data)
        const withPayment = withStep({
          id: payment,
          kind: 'admissionPayment',
          at: '2026-11-27T10:05:00Z',
          by: 'Savio Pereira',
          mail: mail('Payment received'),
          child: 0,
          payment: receivedPayment(),
        })(next)
        return {
          ...withStep({
            id: enrolled,
            kind: 'enrolment',
            at: '2026-11-27T10:10:00Z',
            by: 'Savio Pereira',
            mail: mail('Enrolled'),
            child: 0,
            studentId: `stu-${inquiry}`,
            startDate: '2027-01-04',
          })(withPayment),
          familyToken: token,
          children: children.map((c, i) =>
            i === 0
              ? {
                  ...c,
                  groupUUID: 'rg-tanni',
                  feeTariffUUID: 'rf-14500',
                  admissionFee: 10000,
                  depositFee: 45000,
                  enrolled: true,
                  studentUUID: `stu-${inquiry}`,
                  paymentPending: false,
                }
              : c,
          ),
        }
      },
      'enrolled',
    )
    expect(answer).toEqual({ conflicts: [], refused: [] })
    const [student] = await db.query<Record<string, unknown>>(
      'select family_id, group_id, status, name, fee_tariff_id, enrolment, data from public.students where id = $1',
      [`stu-${inquiry}`],
    )
    expect(student).toMatchObject({
      family_id: token,
      group_id: 'rg-tanni',
      status: 'active',
      name: 'Noor Pinto',
      fee_tariff_id: 'rf-14500',
      // The first day the office chose: the student's fees run from its month (issue 40).
      enrolment: { trial: false, admissionFee: 10000, depositFee: 45000, startDate: '2027-01-04' },
      data: {
        firstName: 'Noor',
        lastName: 'Pinto',
        dob: '2018-04-02',
        gender: 'Female',
        nationality: 'Indian',
      },
    })
    const [family] = await db.query<{ status: string }>(
      'select status from public.families where id = $1',
      [token],
    )
    expect(family!.status).toBe('enrolled')
    expect((await outbox(db, `step-${payment}`))!.email_trigger).toBe('admissions.admissionPayment')
    expect((await outbox(db, `step-${enrolled}`))!.email_trigger).toBe('admissions.enrolment')
  })

  it('the admission payment records the admission fee and the deposit as numbered payments of the family, attached to its e-mail (issue 40, H37, H38)', async () => {
    const inquiry = await newInquiry(db, 'Kamat')
    const token = `fam-${inquiry}`
    await pushData(db, administration, inquiry, withStep(admissionStep(stepId(), 0, token)))
    const paid = stepId()
    const step = paymentStep(paid, 0, receivedPayment())
    expect(await pushData(db, administration, inquiry, withStep(step))).toEqual({
      conflicts: [],
      refused: [],
    })
    const rows = await familyPayments(db, token)
    expect(rows).toEqual([
      expect.objectContaining({
        id: `adm-${paid}-deposit`,
        family_id: token,
        student_id: null,
        kind: 'fee',
        status: 'recorded',
        receipt_number: expect.stringMatching(/^2026-27\/\d{4}$/),
        data: {
          paymentType: 'Deposit',
          paymentOption: 'UPI',
          feeYear: '2026-27',
          receivedFrom: 'Asha Costa',
          amount: 45000,
          paymentDate: '2026-11-27',
          studentName: 'Noor Kamat',
          familyName: 'Kamat',
          sendEmail: false,
          reference: 'UPI-40311',
          deposit: { status: 'held' },
        },
      }),
      expect.objectContaining({
        id: `adm-${paid}-fee`,
        student_id: null,
        status: 'recorded',
        receipt_number: expect.stringMatching(/^2026-27\/\d{4}$/),
        data: expect.objectContaining({ paymentType: 'Admission Fee', amount: 10000 }),
      }),
    ])
    // One e-mail, the step's, carries both receipts; no receipt e-mail of their own.
    expect((await outbox(db, `step-${paid}`))!.attachments).toEqual([
      { receipt: `adm-${paid}-fee` },
      { receipt: `adm-${paid}-deposit` },
    ])
    const [{ n }] = (await db.query<{ n: number }>(
      `select count(*)::int as n from public.email_outbox where id like 'receipt-adm-' || $1 || '%'`,
      [paid],
    )) as [{ n: number }]
    expect(n).toBe(0)
    const [outcome] = await db.query<{ outcome: Record<string, unknown> }>(
      'select outcome from public.admission_steps where id = $1',
      [paid],
    )
    expect(outcome!.outcome).toEqual({
      familyToken: token,
      payments: [`adm-${paid}-fee`, `adm-${paid}-deposit`],
    })
    // The receipt reads as the family's, the deposit as refundable.
    const [receipt] = await db.query<{ r: Record<string, unknown> }>(
      'select public.payment_receipt($1) as r',
      [`adm-${paid}-deposit`],
    )
    expect(receipt!.r).toMatchObject({
      paymentFor: 'Deposit',
      period: 'Refundable deposit, fee year 2026-27',
      students: ['Noor Kamat'],
      amount: 45000,
    })
    // The step pushed again (a lost answer) records nothing more.
    await pushData(db, administration, inquiry, (data) => ({ ...data }))
    expect(await familyPayments(db, token)).toHaveLength(2)

    // At enrolment they become the student's payments.
    const enrolment = await pushData(db, administration, inquiry, (data) =>
      withStep({
        id: stepId(),
        kind: 'enrolment',
        at: '2026-11-27T10:10:00Z',
        by: 'Savio Pereira',
        mail: mail('Enrolled'),
        child: 0,
        studentId: `stu-${inquiry}`,
        startDate: '2027-01-04',
      })({
        ...data,
        children: (data.children as Record<string, unknown>[]).map((c, i) =>
          i === 0 ? { ...c, groupUUID: 'rg-tanni', feeTariffUUID: 'rf-14500' } : c,
        ),
      }),
    )
    expect(enrolment).toEqual({ conflicts: [], refused: [] })
    expect((await familyPayments(db, token)).map((p) => [p.id, p.student_id])).toEqual([
      [`adm-${paid}-deposit`, `stu-${inquiry}`],
      [`adm-${paid}-fee`, `stu-${inquiry}`],
    ])

    // A deposit alone (no admission fee) is one payment.
    const depositOnly = stepId()
    await pushData(
      db,
      administration,
      inquiry,
      withStep(paymentStep(depositOnly, 1, receivedPayment({ admissionFee: 0 }))),
    )
    expect((await familyPayments(db, token)).map((p) => p.id)).toContain(
      `adm-${depositOnly}-deposit`,
    )
    expect((await familyPayments(db, token)).map((p) => p.id)).not.toContain(
      `adm-${depositOnly}-fee`,
    )
  })

  it.each([
    [
      'no payment',
      undefined,
      'Enter the payment: the amounts received, the day and how it was paid.',
    ],
    [
      'nothing received',
      receivedPayment({ admissionFee: 0, depositFee: 0 }),
      'Enter the admission fee and the deposit received (0 for one not paid).',
    ],
    [
      'a negative deposit',
      receivedPayment({ depositFee: -5 }),
      'Enter the admission fee and the deposit received (0 for one not paid).',
    ],
    [
      'no way of payment',
      receivedPayment({ paymentOption: '' }),
      'Choose how the payment was made.',
    ],
    [
      'a day that does not exist',
      receivedPayment({ paymentDate: '2026-11-31' }),
      'Enter the day the payment arrived.',
    ],
    [
      'a day to come',
      receivedPayment({ paymentDate: '2999-01-01' }),
      'The payment cannot arrive after today.',
    ],
    ['nobody who paid', receivedPayment({ receivedFrom: '  ' }), 'Enter who paid.'],
  ])(
    'an admission payment with %s is refused with the reason and records nothing',
    async (_what, payment, reason) => {
      const inquiry = await newInquiry(db, 'Rebelo')
      const token = `fam-${inquiry}`
      await pushData(db, administration, inquiry, withStep(admissionStep(stepId(), 0, token)))
      const paid = stepId()
      const answer = await pushData(
        db,
        administration,
        inquiry,
        withStep(paymentStep(paid, 0, payment)),
      )
      expect(answer.refused.map((r) => r.reason)).toEqual([expect.stringContaining(reason)])
      expect(await familyPayments(db, token)).toEqual([])
      expect(await outbox(db, `step-${paid}`)).toBeNull()
    },
  )

  it('the office returns or keeps a deposit once, from the day it was paid; a family cannot (issue 40)', async () => {
    const inquiry = await newInquiry(db, 'Gomes')
    const token = `fam-${inquiry}`
    await pushData(db, administration, inquiry, withStep(admissionStep(stepId(), 0, token)))
    const paid = stepId()
    await pushData(db, administration, inquiry, withStep(paymentStep(paid, 0, receivedPayment())))
    const [deposit, fee] = await familyPayments(db, token)
    const settle = (row: PaymentDoc, state: Record<string, unknown>) => ({
      ...row,
      data: { ...row.data, deposit: state },
    })
    const reasons = async (account: DemoAccount, assumed: PaymentDoc, doc: PaymentDoc) =>
      (await pushPayment(db, account, assumed, doc)).refused.map((r) => r.reason)

    expect(
      await reasons(administration, fee!, settle(fee!, { status: 'returned', date: '2027-04-01' })),
    ).toEqual([expect.stringContaining('Only a deposit is returned or kept.')])
    expect(
      await reasons(
        administration,
        deposit!,
        settle(deposit!, { status: 'returned', date: '2026-11-01' }),
      ),
    ).toEqual([expect.stringContaining('on or after the day it was paid (2026-11-27)')])
    expect(
      await reasons(
        administration,
        deposit!,
        settle(deposit!, { status: 'lost', date: '2027-04-01' }),
      ),
    ).toEqual([
      expect.stringContaining('Say whether the deposit was returned or kept, and on which day.'),
    ])
    expect(await reasons(administration, deposit!, settle(deposit!, { status: 'kept' }))).toEqual([
      expect.stringContaining('Say whether the deposit was returned or kept, and on which day.'),
    ])
    // Its amount stays what was paid.
    expect(
      await reasons(administration, deposit!, {
        ...settle(deposit!, { status: 'returned', date: '2027-04-01' }),
        data: {
          ...deposit!.data,
          amount: 40000,
          deposit: { status: 'returned', date: '2027-04-01' },
        },
      }),
    ).toEqual([expect.stringContaining('set it aside and record it again')])
    // Someone outside the office changes nothing.
    await pushPayment(
      db,
      guardian,
      deposit!,
      settle(deposit!, { status: 'returned', date: '2027-04-01' }),
    )
    expect((await familyPayments(db, token))[0]!.data.deposit).toEqual({ status: 'held' })

    const returned = settle(deposit!, {
      status: 'returned',
      date: '2027-04-01',
      note: 'Cheque 0042',
    })
    expect(await reasons(administration, deposit!, returned)).toEqual([])
    const [now] = await familyPayments(db, token)
    expect(now).toMatchObject({
      status: 'recorded',
      receipt_number: deposit!.receipt_number,
      data: {
        amount: 45000,
        deposit: { status: 'returned', date: '2027-04-01', note: 'Cheque 0042' },
      },
    })
    expect(
      await reasons(administration, now!, settle(now!, { status: 'kept', date: '2027-04-02' })),
    ).toEqual([expect.stringContaining('This deposit was returned on 2027-04-01 already.')])

    // A family does not report an admission fee or a deposit: the office records them.
    const report = {
      ...deposit!,
      id: `report-deposit-${paid}`,
      family_id: 'demo-family-fernandes',
      status: 'reported',
      receipt_number: null,
      data: { ...deposit!.data, familyName: 'Fernandes' },
    }
    expect((await pushPayment(db, guardian, null, report)).refused.map((r) => r.reason)).toEqual([
      expect.stringContaining('The office records the admission fee and the deposit.'),
    ])
    // Nor can the office record a deposit already returned.
    expect(
      (
        await pushPayment(db, administration, null, {
          ...report,
          id: `settled-deposit-${paid}`,
          family_id: token,
          status: 'recorded',
          data: { ...deposit!.data, deposit: { status: 'kept', date: '2027-04-01' } },
        })
      ).refused.map((r) => r.reason),
    ).toEqual([expect.stringContaining('A deposit is held when it is paid')])
  })

  it("a step cannot put a child into another family's record: the server names the family", async () => {
    const inquiry = await newInquiry(db, 'Gomes')
    // The device names the Fernandes family's id: the server ignores it and makes the inquiry's own.
    const admitted = stepId()
    expect(
      await pushData(
        db,
        administration,
        inquiry,
        withStep(admissionStep(admitted, 0, 'demo-family-fernandes')),
      ),
    ).toEqual({ conflicts: [], refused: [] })
    const [step] = await db.query<{ outcome: Record<string, unknown> }>(
      'select outcome from public.admission_steps where id = $1',
      [admitted],
    )
    expect(step!.outcome).toEqual({ familyToken: `fam-${inquiry}`, familyCreated: true })
    const [fernandes] = await db.query<{ name: string; guardians: number }>(
      `select name, jsonb_array_length(data -> 'guardians') as guardians from public.families
        where id = 'demo-family-fernandes'`,
    )
    expect(fernandes).toEqual({ name: 'Fernandes', guardians: 2 })

    // An enrolment whose inquiry names that family lands in the inquiry's own family.
    const enrolled = stepId()
    const answer = await pushData(db, administration, inquiry, (data) => ({
      ...withStep({
        id: enrolled,
        kind: 'enrolment',
        at: '2026-11-27T10:00:00Z',
        by: 'Savio Pereira',
        mail: mail('Enrolled'),
        child: 0,
        studentId: `stu-${inquiry}`,
      })(data),
      familyToken: 'demo-family-fernandes',
      children: (data.children as Record<string, unknown>[]).map((c, i) =>
        i === 0 ? { ...c, groupUUID: 'rg-tanni' } : c,
      ),
    }))
    expect(answer).toEqual({ conflicts: [], refused: [] })
    const [student] = await db.query<{ family_id: string }>(
      'select family_id from public.students where id = $1',
      [`stu-${inquiry}`],
    )
    expect(student!.family_id).toBe(`fam-${inquiry}`)
  })

  it('a family token that members already hold is never given to a new family (issue 29, item 5)', async () => {
    const inquiry = await newInquiry(db, 'Sardesai')
    const admitted = stepId()
    expect(
      await pushData(
        db,
        administration,
        inquiry,
        withStep(admissionStep(admitted, 0, 'demo-family-blocked')),
      ),
    ).toEqual({ conflicts: [], refused: [] })
    const families = await db.query<{ id: string }>(
      `select id from public.families where id in ('demo-family-blocked', $1) order by id`,
      [`fam-${inquiry}`],
    )
    expect(families.map((f) => f.id)).toEqual([`fam-${inquiry}`])
    // A member who held that token before reads nothing of the new family.
    const [holder] = await db.query<{ n: number }>(
      `select count(*)::int as n from public.members where family_token = 'demo-family-blocked'`,
    )
    expect(holder!.n).toBeGreaterThan(0)
  })

  it('a step with a NUL or an oversized message is refused and queues nothing', async () => {
    const inquiry = await newInquiry(db)
    const meeting = (id: string, html: string) => ({
      id,
      kind: 'meeting',
      at: '2026-11-27T10:00:00Z',
      by: 'Savio Pereira',
      mail: { ...mail('Meeting'), html },
      meeting: { date: '2026-12-03', start: '15:30', end: '17:00', contact: 'Meera' },
    })
    const huge = stepId()
    const big = await pushData(
      db,
      administration,
      inquiry,
      withStep(meeting(huge, `<p>${'x'.repeat(70_000)}</p>`)),
    )
    expect(big.refused).toHaveLength(1)
    expect(await outbox(db, `step-${huge}`)).toBeNull()
    const nul = stepId()
    // Postgres cannot store a NUL: the push is refused whole (devices check before they push).
    await expect(
      pushData(db, administration, inquiry, withStep(meeting(nul, '<p>a\u0000b</p>'))),
    ).rejects.toThrow(/Unicode/)
    expect(await outbox(db, `step-${nul}`)).toBeNull()
    expect((await current(db, inquiry)).data.steps).toBeUndefined()
  })

  it('only the office takes steps, and not with e-mail sending turned off', async () => {
    const inquiry = await newInquiry(db)
    const id = stepId()
    const meeting = {
      id,
      kind: 'meeting',
      at: '2026-11-27T10:00:00Z',
      by: 'x',
      mail: mail('Meeting'),
      meeting: { date: '2026-12-03', start: '15:30', end: '17:00', contact: 'Meera' },
    }
    // A guardian's device cannot write inquiries at all: nothing is stored or queued.
    await pushData(db, guardian, inquiry, withStep(meeting)).catch(() => null)
    expect((await current(db, inquiry)).data.steps).toBeUndefined()
    expect(await outbox(db, `step-${id}`)).toBeNull()
    // Nor can anyone call the step directly.
    await expect(
      kept(db, administration, (tx) =>
        tx.query(
          `select app.carry_out_admission_step(i, $2::jsonb) from public.inquiries i where id = $1`,
          [inquiry, JSON.stringify(meeting)],
        ),
      ),
    ).rejects.toThrow(/permission denied/)

    // Office staff send from their own account (O07); an admin chooses any.
    const asColleague = { ...meeting, mail: { ...meeting.mail, sender: 'admissions' } }
    const colleague = await pushData(db, administration, inquiry, withStep(asColleague))
    expect(colleague.refused[0]!.reason).toBe(
      'You send e-mail from your own account (Savio Pereira); an admin may choose another.',
    )
    expect(await outbox(db, `step-${id}`)).toBeNull()

    await db.query('update public.members set email_sending = false where id = $1', [admin.id])
    try {
      const off = await pushData(db, admin, inquiry, withStep(meeting))
      expect(off.refused[0]!.reason).toContain('E-mail sending is turned off for your account')
      expect(await outbox(db, `step-${id}`)).toBeNull()
    } finally {
      await db.query('update public.members set email_sending = true where id = $1', [admin.id])
    }
  })

  it("inquiry_steps tells the office each step's e-mails and their status; others are refused", async () => {
    const inquiry = await newInquiry(db)
    const id = stepId()
    await pushData(
      db,
      administration,
      inquiry,
      withStep({
        id,
        kind: 'trial',
        at: '2026-11-27T10:00:00Z',
        by: 'Savio Pereira',
        mail: mail('Trial'),
        trial: {
          child: 1,
          groupId: 'rg-jaul',
          groupName: 'Jaul',
          start: '2026-12-07',
          end: '2026-12-08',
        },
      }),
    )
    await db.query(
      `update public.email_outbox set status = 'failed', last_error = 'Mailbox unavailable' where id = $1`,
      [`step-${id}`],
    )
    const states = await kept(db, administration, async (tx) => {
      const [row] = await tx.query<{ s: Record<string, unknown>[] }>(
        'select public.inquiry_steps($1) as s',
        [inquiry],
      )
      return row!.s
    })
    expect(states).toHaveLength(1)
    expect(states[0]).toMatchObject({ id, kind: 'trial' })
    const mails = states[0]!.mails as Record<string, unknown>[]
    expect(mails.map((m) => [m.id, m.status, m.last_error])).toEqual([
      [`step-${id}`, 'failed', 'Mailbox unavailable'],
      [`step-${id}-facilitators`, 'queued', null],
    ])
    await expect(
      kept(db, guardian, (tx) => tx.query('select public.inquiry_steps($1)', [inquiry])),
    ).rejects.toThrow(/Only the office/)
  })
})
