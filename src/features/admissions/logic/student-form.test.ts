import { describe, expect, it } from 'vitest'
import {
  STUDENT_DRAFT_KEY,
  childName,
  childProblems,
  emptyChild,
  emptyGuardian,
  emptyStudentForm,
  readStudentDraft,
  studentApplicationOf,
  studentFormProblems,
  submitReasons,
  type StudentFormValues,
} from './student-form'

const child = () => ({
  ...emptyChild(),
  firstName: 'Aarav',
  lastName: 'Naik',
  dob: '2017-02-14',
  gender: 'Male',
  previousSchools: [
    { school: 'Little Steps', grade: 'KG', years: '2' },
    { school: ' ', grade: '', years: '' },
  ],
})

const filled = (): StudentFormValues => ({
  ...emptyStudentForm('app-12345678'),
  maritalStatus: 'Married',
  children: [child()],
  guardians: [
    {
      ...emptyGuardian(),
      firstName: 'Sunita',
      lastName: 'Naik',
      dob: '1985-06-01',
      gender: 'Female',
      email: 'sunita@example.com',
      mobile: '9822055555',
      questions: { ...emptyGuardian().questions, g1: 'A friend' },
    },
  ],
})

const storage = (value: unknown) => ({
  getItem: (k: string) => (k === STUDENT_DRAFT_KEY ? JSON.stringify(value) : null),
})

describe('the student application form', () => {
  it('sends a filled form without blank school rows or unanswered questions', () => {
    expect(studentFormProblems(filled())).toEqual({})
    expect(submitReasons(filled())).toEqual([])
    const application = studentApplicationOf(filled())
    expect(application.children[0]!.previousSchools).toEqual([
      { school: 'Little Steps', grade: 'KG', years: '2' },
    ])
    expect(application.guardians[0]!.questions).toMatchObject({ g1: 'A friend' })
    expect(application.guardians[0]!.prefix).toBe('+91')
  })

  it.each<[string, Partial<StudentFormValues>, string[]]>([
    ['no marital status', { maritalStatus: '' }, ['Choose the marital status of the parents']],
    ['no child', { children: [] }, ['Add at least one child']],
    [
      'one guardian, divorced',
      { maritalStatus: 'Divorced' },
      [
        "Add the child's other parent or guardian, or confirm that you are the child's only legal guardian",
      ],
    ],
    [
      'one guardian, divorced, confirmed sole guardian',
      { maritalStatus: 'Divorced', soleGuardian: true },
      [],
    ],
    [
      'a child sub-form still open',
      { childDraft: emptyChild() },
      ['Save or cancel the child you are adding'],
    ],
  ])('with %s, Send waits for: %j', (_name, change, reasons) => {
    expect(submitReasons({ ...filled(), ...change })).toEqual(reasons)
  })

  it('accepts two guardians whatever the marital status (G14)', () => {
    const values = { ...filled(), maritalStatus: 'Divorced' }
    values.guardians = [...values.guardians, { ...values.guardians[0]!, firstName: 'Rohan' }]
    expect(submitReasons(values)).toEqual([])
  })

  it("names the child sub-form's fields by their place in the form", () => {
    expect(childProblems({ ...child(), firstName: '', dob: '2999-01-01' })).toEqual({
      'childDraft.firstName': 'First name is missing.',
      'childDraft.dob': 'Date of birth: please enter a date in the past.',
    })
    const values = filled()
    values.guardians[0]!.email = 'nope'
    expect(studentFormProblems(values)).toEqual({
      'guardians.0.email': 'Please enter a valid e-mail address.',
    })
  })

  it('restores a draft with the child being entered, and starts what is damaged empty', () => {
    const draft = {
      id: 'draft-id-0001',
      maritalStatus: 'Separated',
      children: [{ firstName: 'Aarav', previousSchools: [{ school: 'Little Steps' }] }],
      guardians: [{ firstName: 'Sunita', questions: { g1: 'A friend', nope: 3 } }],
      childDraft: { firstName: 'Meera' },
      childIndex: 7,
    }
    const form = readStudentDraft(storage(draft), () => 'fresh-id-0001')
    expect(form).toMatchObject({
      id: 'draft-id-0001',
      maritalStatus: 'Separated',
      childIndex: null,
    })
    expect(form.children[0]).toEqual({
      ...emptyChild(),
      firstName: 'Aarav',
      previousSchools: [{ school: 'Little Steps', grade: '', years: '' }],
    })
    expect(form.guardians[0]!.questions.g1).toBe('A friend')
    expect(form.guardians[0]!.questions).not.toHaveProperty('nope')
    expect(form.childDraft).toMatchObject({ firstName: 'Meera', nationality: 'Indian' })
    expect(
      readStudentDraft(storage({ guardians: [] }), () => 'fresh-id-0001').guardians,
    ).toHaveLength(1)
    expect(readStudentDraft(storage('oops'), () => 'fresh-id-0001')).toEqual(
      emptyStudentForm('fresh-id-0001'),
    )
  })

  it("writes a child's name without gaps", () => {
    expect(childName({ firstName: 'Aarav', middleName: ' ', lastName: 'Naik' })).toBe('Aarav Naik')
  })
})
