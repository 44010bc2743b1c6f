import { describe, expect, it } from 'vitest'
import { schemaResolver } from '@mantine/form'
import {
  applyStep,
  DEFAULT_MEETING,
  STEP_MESSAGES,
  stepSchema,
  type StepState,
} from '@sync/admissions/steps'
import { MissingPlaceholderError } from '@sync/messaging/templates'
import {
  addressList,
  admissionDefaults,
  admissionTermOptions,
  buildStep,
  cachedSenders,
  cacheSenders,
  checkedStep,
  composeStepMail,
  curriculumProblem,
  groupChoices,
  referenceOptions,
  tariffLabel,
  defaultCc,
  defaultSender,
  formatRupees,
  mailStatusText,
  SENDERS_STORAGE_KEY,
  STEP_ATTACHMENTS,
  STEP_FORM_SCHEMAS,
  stepChildren,
  stepFormDefaults,
  stepStatusLines,
  stepsUnsettled,
  stepSuccessMessage,
  stepTime,
  stepUnavailable,
  takenSteps,
  withGroup,
  withTariff,
  type SendersAnswer,
  type StepFormValues,
} from './step-mail'

const senders: SendersAnswer = {
  senders: [
    { key: 'team', display_name: 'Team', address: 'team@centre.in', is_admissions_office: false },
    {
      key: 'admissions',
      display_name: 'Admissions Office',
      address: 'admissions@centre.in',
      is_admissions_office: true,
    },
    {
      key: 'meera',
      display_name: 'Meera Kamat',
      address: 'meera@centre.in',
      is_admissions_office: false,
    },
  ],
  mine: 'meera',
  may_send: true,
  always: false,
}

const groups = [
  { id: 'g-sun', name: 'Sunflowers', feeTariffId: 't-std', active: true },
  { id: 'g-oak', name: 'Oaks', feeTariffId: 't-big', active: true },
  { id: 'g-old', name: 'Old group', feeTariffId: null, active: false },
]
const tariffs = [
  { id: 't-std', name: 'Standard', amount: 14500 },
  { id: 't-big', name: 'Single group', amount: 16700 },
]

const inquiry = (over: Record<string, unknown> = {}) => ({
  maritalStatus: 'Married',
  children: [
    { firstName: 'Asha', lastName: 'Rao', dob: '2019-05-01' },
    { firstName: 'Kiran', lastName: 'Rao', dob: '2021-02-01' },
  ],
  guardians: [
    { firstName: 'Priya', lastName: 'Rao', email: 'priya@example.com', mobile: '9', prefix: '+91' },
    { firstName: 'Dev', lastName: 'Rao', email: ' dev@example.com ', mobile: '9', prefix: '+91' },
  ],
  ...over,
})

const ctx = {
  centreName: 'Goa Learning Centre',
  senderName: 'Meera Kamat',
  appLink: 'https://app.centre.in',
}
const defaults = (data: Record<string, unknown>) =>
  stepFormDefaults(data, { senders, today: '2026-11-27', groups, tariffs })

describe('who a step’s e-mail is from and to (O05, O07)', () => {
  it('starts with the member’s own account, else Team, else the first; the office in copy', () => {
    expect(defaultSender(senders.senders, 'meera')).toBe('meera')
    expect(defaultSender(senders.senders, null)).toBe('team')
    expect(defaultSender(senders.senders.slice(1), 'nobody')).toBe('admissions')
    expect(defaultSender([], 'meera')).toBe('')
    expect(defaultCc(senders.senders)).toBe('admissions@centre.in')
    expect(defaultCc(senders.senders.slice(0, 1))).toBe('')
  })

  it('goes to the guardians’ addresses and copies the admissions office', () => {
    expect(defaults(inquiry()).mail).toEqual({
      sender: 'meera',
      to: 'priya@example.com, dev@example.com',
      cc: 'admissions@centre.in',
    })
    expect(addressList(' a@x.in, b@y.in;c@z.in  ')).toEqual(['a@x.in', 'b@y.in', 'c@z.in'])
  })

  it('keeps the last answer for this member only, so the dialog works offline', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    }
    expect(cachedSenders(storage, 'u1')).toBeNull()
    cacheSenders(storage, 'u1', senders)
    expect(store.has(SENDERS_STORAGE_KEY)).toBe(true)
    expect(cachedSenders(storage, 'u1')).toEqual(senders)
    expect(cachedSenders(storage, 'u2')).toBeNull()
    store.set(SENDERS_STORAGE_KEY, '{not json')
    expect(cachedSenders(storage, 'u1')).toBeNull()
    expect(cachedSenders(null, 'u1')).toBeNull()
  })
})

describe('the meeting (H21–H24)', () => {
  it('starts at 15:30 and ends at 17:00, or as arranged when it is rescheduled', () => {
    expect(DEFAULT_MEETING).toEqual({ start: '15:30', end: '17:00' })
    expect(defaults(inquiry()).meeting).toEqual({
      date: '',
      start: '15:30',
      end: '17:00',
      contact: '',
    })
    expect(
      defaults(
        inquiry({
          meetingDate: '2026-12-03',
          meetingStart: '10:00',
          meetingEnd: '11:00',
          meetingPOC: 'Anita',
        }),
      ).meeting,
    ).toEqual({ date: '2026-12-03', start: '10:00', end: '11:00', contact: 'Anita' })
  })

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
    const step = buildStep('meeting', data, values, mail, {
      id: '01939a4e-0000-7000-8000-000000000001',
      at: '2026-11-27T10:00:00.000Z',
      by: 'Meera Kamat',
      newFamilyToken: 'f-new',
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
    expect(stepSuccessMessage('meeting', data)).toBe('Success! Meetings email sent')
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

  it('starts from a child’s earlier trial when it is arranged again', () => {
    const data = inquiry({
      children: [
        {
          firstName: 'Asha',
          lastName: 'Rao',
          trialStart: '2026-12-01',
          trialEnd: '2026-12-02',
          trialGroupUUID: 'g-oak',
          trialGroupName: 'Oaks',
        },
      ],
    })
    expect(defaults(data).trial).toEqual({
      child: 0,
      groupId: 'g-oak',
      groupName: 'Oaks',
      start: '2026-12-01',
      end: '2026-12-02',
    })
  })
})

describe('the groups, tariffs and curriculum the dialogs offer', () => {
  it('reads groups and tariffs from the reference lists, by name, active groups offered', () => {
    const options = referenceOptions([
      { id: 'g2', kind: 'group', data: { name: 'Oaks', status: 'active', feeTariffId: 't1' } },
      { id: 'g1', kind: 'group', data: { name: 'Acorns', status: 'inactive' } },
      { id: 't1', kind: 'fee_tariff', data: { name: 'Standard', amount: 14500 } },
      { id: 't2', kind: 'fee_tariff', data: { name: 'Broken', amount: 'lots' } },
      { id: 'h1', kind: 'holiday', data: { description: 'Diwali' } },
    ])
    expect(options).toEqual({
      groups: [
        { id: 'g1', name: 'Acorns', feeTariffId: null, active: false },
        { id: 'g2', name: 'Oaks', feeTariffId: 't1', active: true },
      ],
      tariffs: [{ id: 't1', name: 'Standard', amount: 14500 }],
    })
    expect(groupChoices(options.groups, '').map((g) => g.id)).toEqual(['g2'])
    expect(groupChoices(options.groups, 'g1').map((g) => g.id)).toEqual(['g1', 'g2'])
    expect(tariffLabel({ id: 't1', name: 'Standard', amount: 14500 })).toBe(
      'Standard · ₹14,500 a month',
    )
  })

  it('takes only a PDF of at most 10 MB as the curriculum, judged by its bytes too', () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const file = (over: Partial<{ name: string; type: string; size: number }>) => ({
      name: 'curriculum.pdf',
      type: 'application/pdf',
      size: 1000,
      ...over,
    })
    expect(curriculumProblem(file({}), pdf)).toBeNull()
    expect(curriculumProblem(file({ name: 'photo.png', type: 'image/png' }), png)).toBe(
      'photo.png is not a PDF: the curriculum must be a PDF.',
    )
    expect(curriculumProblem(file({}), png)).toBe(
      'curriculum.pdf is not a PDF: the curriculum must be a PDF.',
    )
    expect(curriculumProblem(file({ size: 11 * 1024 * 1024 }), pdf)).toBe(
      'curriculum.pdf is 11.0 MB; a file can be at most 10.0 MB.',
    )
    expect(curriculumProblem(file({ size: 0 }), pdf)).toBe('curriculum.pdf is empty.')
  })
})

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

  it('writes fees with Indian digit grouping and makes the family record once', () => {
    expect(formatRupees(45000)).toBe('45,000')
    expect(formatRupees(1450000)).toBe('14,50,000')
    expect(formatRupees(14500.5)).toBe('14,500.5')
    expect(formatRupees('')).toBe('')
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
    expect(mail.html).toContain('open https://app.centre.in to complete')
    const meta = {
      id: 'step-0001',
      at: '2026-11-27T10:00:00.000Z',
      by: 'Meera',
      newFamilyToken: 'fam-new',
      studentId: 's',
    }
    const step = checkedStep(buildStep('admission', data, values, mail, meta))
    expect(step).toMatchObject({
      kind: 'admission',
      familyToken: 'fam-new',
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
    expect(buildStep('admission', known, values, mail, meta)).toMatchObject({
      familyToken: 'fam-1',
    })
    expect(stepSuccessMessage('admission', known)).toBe('Admission email sent')
  })
})

describe('the admission payment and the enrolment (H37–H42)', () => {
  const admitted = (over: Record<string, unknown>) => ({
    firstName: 'Asha',
    lastName: 'Rao',
    groupUUID: 'g-sun',
    groupName: 'Sunflowers',
    admissionFee: 25000,
    depositFee: 45000,
    ...over,
  })

  it('chooses among the children each step is open to, and says why when none is', () => {
    const data = inquiry({
      familyToken: 'fam-1',
      children: [
        admitted({ paymentPending: true }),
        { firstName: 'Kiran', lastName: 'Rao' },
        admitted({ firstName: 'Mira', enrolled: true }),
      ],
    })
    expect(stepChildren(data, 'admissionPayment')).toEqual([{ index: 0, name: 'Asha Rao' }])
    expect(stepChildren(data, 'enrolment')).toEqual([{ index: 0, name: 'Asha Rao' }])
    expect(stepChildren(data, 'admission').map((c) => c.name)).toEqual(['Asha Rao', 'Kiran Rao'])
    expect(stepChildren(data, 'trial')).toHaveLength(3)
    expect(stepUnavailable(data, 'enrolment')).toEqual([])
    expect(stepUnavailable(inquiry(), 'enrolment')).toEqual([
      'Asha Rao: Send the admission e-mail first: it makes the family record.',
      'Kiran Rao: Send the admission e-mail first: it makes the family record.',
    ])
    expect(stepUnavailable(data, 'admissionPayment')).toEqual([])
    expect(
      stepUnavailable(inquiry({ familyToken: 'f', children: [admitted({})] }), 'admissionPayment'),
    ).toEqual(['Asha Rao: No admission payment is pending for this child.'])
    expect(stepUnavailable(inquiry({ children: [] }), 'trial')).toEqual([
      'The inquiry has no children.',
    ])
    expect(stepUnavailable(inquiry({ children: [] }), 'meeting')).toEqual([])
  })

  it('confirms the admission fee and the deposit received', () => {
    const data = inquiry({ familyToken: 'fam-1', children: [admitted({ paymentPending: true })] })
    const values = defaults(data)
    expect(values.admissionPayment).toEqual({ child: 0 })
    const mail = composeStepMail('admissionPayment', data, values, ctx)
    expect(mail.subject).toBe('Admission payment received for Asha Rao')
    expect(mail.html).toContain('admission fee of ₹25,000 and the deposit of\n₹45,000 for Asha Rao')
    expect(mail.html).toContain('the Sunflowers group is confirmed')
    expect(mail.html).toContain('Warm regards,<br>Meera Kamat<br>Goa Learning Centre')
    expect(stepSuccessMessage('admissionPayment', data)).toBe(
      'Payment receipt generated and email sent',
    )
  })

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
      buildStep('enrolment', data, values, mail, {
        id: 'step-0002',
        at: '2027-01-01T09:00:00.000Z',
        by: 'Meera',
        newFamilyToken: 'x',
        studentId: 'stu-1',
      }),
    )
    expect(step).toMatchObject({ kind: 'enrolment', child: 0, studentId: 'stu-1' })
    const row = { id: 'i1', status: 'admission', data }
    expect(applyStep(row, step)).toMatchObject({ status: 'enrolled' })
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

describe('the steps taken and where their e-mails stand', () => {
  const data = inquiry({
    steps: [
      { id: 's1', kind: 'meeting', at: '2026-11-20T10:00:00.000Z', by: 'Meera' },
      { id: 's2', kind: 'trial', at: '2026-11-25T09:30:00.000Z', by: 'Anita', trial: { child: 1 } },
      {
        id: 's3',
        kind: 'admission',
        at: '2026-11-25T09:30:00.000Z',
        by: 'Anita',
        admission: { child: 0 },
      },
      { id: 'bad', kind: 'party', at: '2026-11-26T09:30:00.000Z' },
    ],
  })

  it('lists them newest first, with when, by whom and for which child', () => {
    expect(takenSteps(data)).toEqual([
      {
        id: 's3',
        kind: 'admission',
        label: 'Admission',
        at: '2026-11-25T09:30:00.000Z',
        when: '25 Nov 2026, 3:00 pm',
        by: 'Anita',
        childName: 'Asha Rao',
      },
      {
        id: 's2',
        kind: 'trial',
        label: 'Trial',
        at: '2026-11-25T09:30:00.000Z',
        when: '25 Nov 2026, 3:00 pm',
        by: 'Anita',
        childName: 'Kiran Rao',
      },
      {
        id: 's1',
        kind: 'meeting',
        label: 'Meeting',
        at: '2026-11-20T10:00:00.000Z',
        when: '20 Nov 2026, 3:30 pm',
        by: 'Meera',
        childName: null,
      },
    ])
    expect(takenSteps(inquiry())).toEqual([])
    expect(stepTime('not a time')).toBe('not a time')
  })

  const mail = (over: Partial<StepState['mails'][number]>): StepState['mails'][number] => ({
    id: 'm',
    recipients: ['priya@example.com'],
    status: 'sent',
    attempts: 1,
    last_error: null,
    sent_at: '2026-11-20T10:01:00Z',
    ...over,
  })
  const state = (mails: StepState['mails']): StepState => ({
    id: 's2',
    kind: 'trial',
    created_at: '2026-11-25T09:31:00Z',
    outcome: {},
    mails,
  })

  it('says each e-mail’s status, and waits for sync when the server has not got the step', () => {
    expect(mailStatusText({ status: 'queued', last_error: null })).toBe('Queued')
    expect(mailStatusText({ status: 'sending', last_error: null })).toBe('Sending')
    expect(mailStatusText({ status: 'failed', last_error: '550 No such user' })).toBe(
      'Failed: 550 No such user',
    )
    expect(stepStatusLines(undefined, true)).toEqual([
      { to: null, text: 'Waiting to sync', tone: 'pending' },
    ])
    expect(stepStatusLines(undefined, false)).toEqual([
      { to: null, text: 'Waiting to sync', tone: 'pending' },
    ])
    expect(stepStatusLines(state([mail({})]), true)).toEqual([
      { to: null, text: 'Sent', tone: 'done' },
    ])
    expect(
      stepStatusLines(
        state([
          mail({ status: 'failed', last_error: 'Mailbox full' }),
          mail({ recipients: ['anita@centre.in', 'ravi@centre.in'], status: 'queued' }),
        ]),
        true,
      ),
    ).toEqual([
      { to: 'priya@example.com', text: 'Failed: Mailbox full', tone: 'failed' },
      { to: 'anita@centre.in, ravi@centre.in', text: 'Queued', tone: 'pending' },
    ])
  })

  it('marks what was read before going offline as last known, unless it was sent', () => {
    expect(stepStatusLines(state([mail({ status: 'queued' })]), false)).toEqual([
      { to: null, text: 'Queued (last known)', tone: 'pending' },
    ])
    expect(stepStatusLines(state([mail({})]), false)).toEqual([
      { to: null, text: 'Sent', tone: 'done' },
    ])
  })

  it('keeps asking while a step is not synced or an e-mail is on its way', () => {
    const taken = [{ id: 's2' }]
    expect(stepsUnsettled(taken, [])).toBe(true)
    expect(stepsUnsettled(taken, [state([mail({ status: 'sending' })])])).toBe(true)
    expect(stepsUnsettled(taken, [state([mail({}), mail({ status: 'failed' })])])).toBe(false)
    expect(stepsUnsettled([], [])).toBe(false)
  })
})
