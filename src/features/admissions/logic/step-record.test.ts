import { describe, expect, it } from 'vitest'
import { schemaResolver } from '@mantine/form'
import { applyStep, STEP_MESSAGES, stepSchema } from '@sync/rules/admissions/steps'
import { letterAmount } from '@sync/rules/text'
import { withGroup } from './step-admission'
import { stepSuccessMessage } from './step-actions'
import { admitted, ctx, defaults, groups, inquiry, tariffs } from './step-fixtures'
import { STEP_FORM_SCHEMAS } from './step-form'
import { composeStepMail } from './step-mail'
import { buildStep, checkedStep } from './step-record'

describe('the admission (H31–H36)', () => {
  it('writes fees with Indian digit grouping and makes the family record once', () => {
    expect(letterAmount(45000)).toBe('45,000')
    expect(letterAmount(1450000)).toBe('14,50,000')
    expect(letterAmount(14500.5)).toBe('14,500.5')
    expect(letterAmount('')).toBe('')
    const data = inquiry()
    const values = defaults(data)
    values.admission = {
      ...withGroup(values.admission, 'g-sun', groups, tariffs),
      admissionFee: 25000,
    }
    const mail = composeStepMail('admission', data, values, ctx)
    expect(mail.subject).toBe('Admission of Asha Rao to Goa Learning Centre')
    expect(mail.html).toContain('a place in the Sunflowers group from\nTerm 3 2026-27.')
    expect(mail.html).toContain(
      'admission fee of ₹25,000 and the deposit of\n₹45,000. The monthly fee is ₹14,500.',
    )
    // Each guardian sets up their own account (issue 40): the e-mail leads to the connect page,
    // which e-mails each of them a one-time link of their own; not to the home page.
    expect(mail.html).toContain('open https://app.centre.in/connect-account and enter the')
    expect(mail.html).toContain('a link, for you alone, to choose your password')
    expect(mail.html).not.toContain('open https://app.centre.in to complete')
    const meta = {
      id: 'step-0001',
      at: '2026-11-27T10:00:00.000Z',
      by: 'Meera',
      studentId: 's',
    }
    const step = checkedStep(buildStep('admission', 'inq-1', data, values, mail, meta))
    expect(step).toMatchObject({
      kind: 'admission',
      familyToken: 'fam-inq-1',
      admission: {
        child: 0,
        groupId: 'g-sun',
        feeTariffId: 't-std',
        monthlyFee: 14500,
        depositFee: 45000,
      },
    })
    expect(stepSuccessMessage('admission', data)).toBe(STEP_MESSAGES.admissionNewFamily)
    const known = inquiry({ familyToken: 'fam-1' })
    expect(buildStep('admission', 'inq-1', known, values, mail, meta)).toMatchObject({
      familyToken: 'fam-1',
    })
    expect(stepSuccessMessage('admission', known)).toBe(
      'Admission e-mail queued; it goes out when the mail server takes it',
    )
  })
})

describe('how the family pays for the admission (issue 40, item 6)', () => {
  const ways = {
    upi: {
      vpa: 'banyantree@indianbk',
      payee: 'Goa Learning Centre',
      note: 'Fee Rao family admission',
    },
    bank: {
      accountName: 'Goa Learning Centre',
      accountNumber: '123456789012',
      ifsc: 'IDIB000G001',
      bankName: 'Indian Bank',
      branch: 'Panaji',
    },
  }
  const admission = () => {
    const data = inquiry()
    const values = defaults(data)
    values.admission = {
      ...withGroup(values.admission, 'g-sun', groups, tariffs),
      admissionFee: 25000,
    }
    return { data, values }
  }
  const meta = { id: 'step-0003', at: '2026-11-27T10:00:00.000Z', by: 'Meera', studentId: 's' }

  it('ends the admission e-mail with the UPI link and QR code for the fee and the deposit, and the bank details', () => {
    const { data, values } = admission()
    const mail = composeStepMail('admission', data, values, {
      ...ctx,
      payment: { ways, reference: 'Rao family admission' },
    })
    expect(mail.html).toContain('How to pay')
    // ₹25,000 admission fee and ₹45,000 deposit: one payment of ₹70,000.
    expect(mail.html).toContain('upi://pay?pa=banyantree%40indianbk')
    expect(mail.html).toContain('am=70000.00')
    expect(mail.html).toContain('<img src="cid:upi-qr@payment"')
    expect(mail.html).toContain('IDIB000G001')
    expect(mail.html).toContain('Please write “Rao family admission” as the transfer’s reference.')
    expect(mail.images).toHaveLength(1)
    expect(mail.images[0]).toMatchObject({
      filename: 'upi-qr.gif',
      contentType: 'image/gif',
      cid: 'upi-qr@payment',
    })
    // The image travels in the step, checked by the step's own schema.
    const step = checkedStep(buildStep('admission', 'inq-1', data, values, mail, meta))
    expect(step.mail.images).toEqual(mail.images)
  })

  it('says nothing about paying when the centre has neither UPI nor a bank account, and other steps never do', () => {
    const { data, values } = admission()
    const none = composeStepMail('admission', data, values, {
      ...ctx,
      payment: { ways: { upi: null, bank: null }, reference: 'Rao family admission' },
    })
    expect(none.html).not.toContain('How to pay')
    expect(none.images).toEqual([])
    const step = checkedStep(buildStep('admission', 'inq-1', data, values, none, meta))
    expect(step.mail).not.toHaveProperty('images')
    values.meeting = { date: '2026-12-03', start: '15:30', end: '17:00', contact: 'Anita' }
    const meeting = composeStepMail('meeting', data, values, {
      ...ctx,
      payment: { ways, reference: 'x' },
    })
    expect(meeting.html).not.toContain('How to pay')
  })

  it('refuses an image that is not the UPI QR code', () => {
    const { data, values } = admission()
    const mail = {
      subject: 'Admission',
      html: '<p>Hello</p>',
      images: [
        { filename: 'x.exe', content: 'AAAA', contentType: 'application/octet-stream', cid: 'x' },
      ],
    }
    expect(() => checkedStep(buildStep('admission', 'inq-1', data, values, mail, meta))).toThrow()
  })
})

describe('the admission payment and the enrolment (H37–H42)', () => {
  it('enrols a child from a start date with a new student id', () => {
    const data = inquiry({ familyToken: 'fam-1', children: [admitted({ paymentPending: false })] })
    const validate = schemaResolver(STEP_FORM_SCHEMAS.enrolment, { sync: true })
    const values = defaults(data)
    expect(validate(values)).toEqual({
      'enrolment.startDate': 'Choose the first day at the centre',
    })
    values.enrolment.startDate = '2027-01-04'
    expect(validate(values)).toEqual({})
    const mail = composeStepMail('enrolment', data, values, ctx)
    expect(mail.subject).toBe('Asha Rao is enrolled at Goa Learning Centre')
    expect(mail.html).toContain('in the Sunflowers group, starting on Monday 4 January 2027.')
    const step = checkedStep(
      buildStep('enrolment', 'inq-1', data, values, mail, {
        id: 'step-0002',
        at: '2027-01-01T09:00:00.000Z',
        by: 'Meera',
        studentId: 'stu-1',
      }),
    )
    expect(step).toMatchObject({
      kind: 'enrolment',
      child: 0,
      studentId: 'stu-1',
      startDate: '2027-01-04',
    })
    const row = { id: 'i1', status: 'admission', data }
    expect(applyStep(row, step)).toMatchObject({
      status: 'enrolled',
      data: { children: [{ enrolled: true, startDate: '2027-01-04' }] },
    })
    expect(stepSuccessMessage('enrolment', data)).toBe('Success! Student enrolled')
  })
})

describe('a step that is not what stepSchema says', () => {
  it('is refused with what is wrong in words', () => {
    const mail = { sender: 'team', to: ['priya@example'], cc: [], subject: 'S', html: '<p>H</p>' }
    const meeting = { date: '2026-02-30', start: '15:30', end: '17:00', contact: 'Anita' }
    expect(() => checkedStep({ id: 'x', kind: 'meeting', at: '', by: '', mail, meeting })).toThrow(
      'The step was not saved: A step needs an id (id); Not an e-mail address (mail.to.0); ' +
        'Choose the meeting date (meeting.date)',
    )
    expect(stepSchema.safeParse({ kind: 'party' }).success).toBe(false)
    expect(() => checkedStep({ kind: 'party' })).toThrow(/^The step was not saved:/)
  })
})
