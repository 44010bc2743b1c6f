import { describe, expect, it } from 'vitest'
import { stepChildren, stepUnavailable } from './step-children'
import { admitted, inquiry } from './step-fixtures'

describe('the admission payment and the enrolment (H37–H42)', () => {
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
})
