import { describe, expect, it } from 'vitest'
import { MissingPlaceholderError } from '@sync/rules/messaging/templates'
import { stepSuccessMessage } from './step-actions'
import { admitted, ctx, defaults, inquiry } from './step-fixtures'
import type { StepFormValues } from './step-form'
import { composeStepMail, STEP_ATTACHMENTS } from './step-mail'
import { buildStep, checkedStep } from './step-record'

describe('the meeting (H21–H24)', () => {
  it('invites the family with every child named, lists the invite and records the step', () => {
    const data = inquiry()
    const values: StepFormValues = {
      ...defaults(data),
      meeting: { date: '2026-12-03', start: '15:30', end: '17:00', contact: ' Anita Desai ' },
    }
    const mail = composeStepMail('meeting', data, values, ctx)
    expect(mail.subject).toBe('Meeting at Goa Learning Centre on Thursday 3 December 2026')
    expect(mail.html).toContain('Dear Priya Rao and Dev Rao,')
    expect(mail.html).toContain('for Asha Rao and Kiran Rao')
    expect(mail.html).toContain('from 15:30 to 17:00')
    expect(mail.html).toContain('Anita Desai will welcome you')
    expect(mail.html).toContain('Meera Kamat<br>Goa Learning Centre')
    expect(STEP_ATTACHMENTS.meeting).toEqual(['invite.ics (calendar invite)'])
    const step = buildStep('meeting', 'inq-1', data, values, mail, {
      id: '01939a4e-0000-7000-8000-000000000001',
      at: '2026-11-27T10:00:00.000Z',
      by: 'Meera Kamat',
      studentId: 's-new',
    })
    expect(checkedStep(step)).toEqual({
      id: '01939a4e-0000-7000-8000-000000000001',
      kind: 'meeting',
      at: '2026-11-27T10:00:00.000Z',
      by: 'Meera Kamat',
      mail: {
        sender: 'meera',
        to: ['priya@example.com', 'dev@example.com'],
        cc: ['admissions@centre.in'],
        subject: mail.subject,
        html: mail.html,
      },
      meeting: { date: '2026-12-03', start: '15:30', end: '17:00', contact: 'Anita Desai' },
    })
    expect(stepSuccessMessage('meeting', data)).toBe(
      'Success! Meeting e-mail queued; it goes out when the mail server takes it',
    )
  })

  it('uses the centre’s own version of the template when it has one', () => {
    const data = inquiry()
    const values = {
      ...defaults(data),
      meeting: { date: '2026-12-03', start: '15:30', end: '17:00', contact: 'Anita' },
    }
    const own = {
      subject: 'Come and see us, {{parentNames}}',
      html: '<p>{{meetingDate}} at {{meetingStart}}: {{meetingContact}} waits for {{studentName}}.</p>',
    }
    expect(composeStepMail('meeting', data, values, ctx, own)).toEqual({
      subject: 'Come and see us, Priya Rao and Dev Rao',
      html: '<p>Thursday 3 December 2026 at 15:30: Anita waits for Asha Rao and Kiran Rao.</p>',
      images: [],
    })
  })

  it('escapes what the family wrote, and names a value the inquiry lacks', () => {
    const data = inquiry({
      guardians: [{ firstName: '<b>Pri</b>', lastName: 'Rao', email: 'p@x.in' }],
    })
    const values = {
      ...defaults(data),
      meeting: { date: '2026-12-03', start: '15:30', end: '17:00', contact: 'A' },
    }
    expect(composeStepMail('meeting', data, values, ctx).html).toContain(
      '&lt;b&gt;Pri&lt;/b&gt; Rao',
    )
    const noGuardian = inquiry({ guardians: [] })
    expect(() => composeStepMail('meeting', noGuardian, values, ctx)).toThrow(
      new MissingPlaceholderError(['parentNames']),
    )
  })
})

describe('the trial (H25–H30)', () => {
  it('tells the day’s hours and attaches the curriculum', () => {
    const data = inquiry()
    const values = {
      ...defaults(data),
      trial: {
        child: 1,
        groupId: 'g-sun',
        groupName: 'Sunflowers',
        start: '2026-12-07',
        end: '2026-12-09',
      },
    }
    const mail = composeStepMail('trial', data, values, ctx)
    expect(mail.subject).toBe('Trial days for Kiran Rao at Goa Learning Centre')
    for (const hour of ['9:30am', '3pm', '11am', '12:30', '1:30']) expect(mail.html).toContain(hour)
    expect(mail.html).toContain('in the Sunflowers group')
    expect(mail.html).toContain(
      '<strong>Monday 7 December 2026</strong> to <strong>Wednesday 9 December 2026</strong>',
    )
    expect(STEP_ATTACHMENTS.trial).toEqual(['Curriculum.pdf'])
  })
})

describe('the admission payment and the enrolment (H37–H42)', () => {
  it('confirms the admission fee and the deposit received', () => {
    const data = inquiry({ familyToken: 'fam-1', children: [admitted({ paymentPending: true })] })
    const values = defaults(data)
    // The child's fees from the admission, today, the first guardian, and no way of payment
    // chosen for the office (issue 40).
    expect(values.admissionPayment).toEqual({
      child: 0,
      admissionFee: 25000,
      depositFee: 45000,
      paymentDate: '2026-11-27',
      paymentOption: '',
      receivedFrom: 'Priya Rao',
      reference: '',
    })
    const mail = composeStepMail('admissionPayment', data, values, ctx)
    expect(mail.subject).toBe('Admission payment received for Asha Rao')
    expect(mail.html).toContain('admission fee of ₹25,000 and the deposit of\n₹45,000 for Asha Rao')
    expect(STEP_ATTACHMENTS.admissionPayment).toEqual([
      'A receipt (PDF) for each amount, numbered when the step syncs',
    ])
    expect(mail.html).toContain('the Sunflowers group is confirmed')
    expect(mail.html).toContain('Warm regards,<br>Meera Kamat<br>Goa Learning Centre')
    expect(stepSuccessMessage('admissionPayment', data)).toBe(
      'Payment receipt generated and e-mail queued; it goes out when the mail server takes it',
    )
  })

  it('records what arrived: the amounts the office enters, the day, how and the reference (issue 40)', () => {
    const data = inquiry({ familyToken: 'fam-1', children: [admitted({ paymentPending: true })] })
    const values: StepFormValues = {
      ...defaults(data),
      admissionPayment: {
        child: 0,
        admissionFee: 25000,
        depositFee: 40000,
        paymentDate: '2026-11-26',
        paymentOption: 'UPI',
        receivedFrom: ' Dev Rao ',
        reference: ' UPI-7781 ',
      },
    }
    const mail = composeStepMail('admissionPayment', data, values, ctx)
    expect(mail.html).toContain('the deposit of\n₹40,000 for Asha Rao')
    const step = buildStep('admissionPayment', 'inq-1', data, values, mail, {
      id: '01939a4e-0000-7000-8000-000000000004',
      at: '2026-11-27T10:00:00.000Z',
      by: 'Meera Kamat',
      studentId: 's-new',
    })
    expect(checkedStep(step)).toMatchObject({
      kind: 'admissionPayment',
      child: 0,
      payment: {
        admissionFee: 25000,
        depositFee: 40000,
        paymentDate: '2026-11-26',
        paymentOption: 'UPI',
        receivedFrom: 'Dev Rao',
        reference: 'UPI-7781',
      },
    })
  })
})
