import { describe, expect, it } from 'vitest'
import { schemaResolver } from '@mantine/form'
import { withGroup } from './step-admission'
import { defaults, groups, inquiry, tariffs } from './step-fixtures'
import { STEP_FORM_SCHEMAS } from './step-form'

describe('the meeting (H21–H24)', () => {
  it('says what is missing or wrong at each field', () => {
    const validate = schemaResolver(STEP_FORM_SCHEMAS.meeting, { sync: true })
    const values = defaults(inquiry())
    expect(validate(values)).toEqual({
      'meeting.date': 'Choose the meeting date',
      'meeting.contact': 'Write who welcomes the family',
    })
    expect(
      validate({
        ...values,
        mail: { sender: '', to: 'priya@example.com, priya-at-home', cc: '' },
        meeting: { date: '2026-12-03', start: '17:00', end: '15:30', contact: 'Anita' },
      }),
    ).toEqual({
      'mail.sender': 'Choose a sender',
      'mail.to': 'Not an e-mail address: priya-at-home',
      'meeting.end': 'The meeting ends after it starts',
    })
    expect(validate({ ...values, mail: { ...values.mail, to: ' ' } })['mail.to']).toBe(
      'Add at least one recipient',
    )
  })
})

describe('the trial (H25–H30)', () => {
  it('is for one child in one group, and its last day is not before its first', () => {
    const validate = schemaResolver(STEP_FORM_SCHEMAS.trial, { sync: true })
    const values = defaults(inquiry())
    expect(values.trial).toEqual({ child: 0, groupId: '', groupName: '', start: '', end: '' })
    expect(
      validate({
        ...values,
        trial: {
          child: 1,
          groupId: 'g-sun',
          groupName: 'Sunflowers',
          start: '2026-12-09',
          end: '2026-12-07',
        },
      }),
    ).toEqual({ 'trial.end': 'Error: Start date must be before end date' })
    expect(validate(values)).toMatchObject({ 'trial.groupId': 'Choose the trial group' })
  })
})

describe('the admission (H31–H36)', () => {
  it('asks for every fee in words, and refuses a negative one', () => {
    const validate = schemaResolver(STEP_FORM_SCHEMAS.admission, { sync: true })
    const values = defaults(inquiry())
    expect(validate(values)).toEqual({
      'admission.groupId': 'Choose the group',
      'admission.groupName': 'Choose the group',
      'admission.feeTariffId': 'Choose the fee tariff',
      'admission.monthlyFee': 'Enter the monthly fee',
      'admission.admissionFee': 'Enter the admission fee (0 if there is none)',
    })
    expect(
      validate({
        ...values,
        admission: { ...withGroup(values.admission, 'g-sun', groups, tariffs), admissionFee: -5 },
      }),
    ).toEqual({ 'admission.admissionFee': 'A fee cannot be negative' })
  })
})

describe('the admission payment (H37, issue 40)', () => {
  const validate = schemaResolver(STEP_FORM_SCHEMAS.admissionPayment, { sync: true })
  const data = inquiry({
    familyToken: 'fam-1',
    children: [
      {
        firstName: 'Asha',
        groupUUID: 'g-sun',
        admissionFee: 25000,
        depositFee: 45000,
        paymentPending: true,
      },
    ],
  })
  const values = defaults(data)

  it('asks how it was paid: no way is chosen for the office', () => {
    expect(validate(values)).toEqual({
      'admissionPayment.paymentOption': 'Choose how it was paid',
    })
    expect(
      validate({
        ...values,
        admissionPayment: { ...values.admissionPayment, paymentOption: 'Cash' },
      }),
    ).toEqual({})
  })

  it.each([
    [
      { admissionFee: 0, depositFee: 0 },
      { 'admissionPayment.admissionFee': 'Enter the amount received' },
    ],
    [
      { depositFee: '' },
      { 'admissionPayment.depositFee': 'Enter the deposit received (0 if none)' },
    ],
    [{ admissionFee: -1 }, { 'admissionPayment.admissionFee': 'An amount cannot be negative' }],
    [
      { paymentDate: '2026-02-30' },
      { 'admissionPayment.paymentDate': 'Enter the day the payment arrived' },
    ],
    [
      { paymentDate: '2999-01-01' },
      { 'admissionPayment.paymentDate': 'The payment cannot arrive after today' },
    ],
    [{ receivedFrom: ' ' }, { 'admissionPayment.receivedFrom': 'Enter who paid' }],
    [
      { reference: 'x'.repeat(101) },
      { 'admissionPayment.reference': 'Use at most 100 characters' },
    ],
  ])('refuses %j in words', (change, expected) => {
    expect(
      validate({
        ...values,
        admissionPayment: { ...values.admissionPayment, paymentOption: 'UPI', ...change },
      }),
    ).toEqual(expected)
  })
})
