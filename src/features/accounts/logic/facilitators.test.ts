import { describe, expect, it } from 'vitest'
import {
  facilitatorFields,
  facilitatorProblems,
  sortFacilitators,
  type FacilitatorRecord,
} from './facilitators'

const f = (id: string, name: string, email: string | null): FacilitatorRecord => ({
  id,
  name,
  email,
  status: 'authPending',
  auth_uid: null,
})

describe('facilitators pane', () => {
  it('orders facilitators by name without regard to case (F37)', () => {
    const list = [f('1', 'rahul', 'r@x.in'), f('2', 'Asha', 'a@x.in'), f('3', 'Bela', null)]
    expect(sortFacilitators(list).map((x) => x.name)).toEqual(['Asha', 'Bela', 'rahul'])
  })

  it.each([
    [{ name: '', email: 'new@demo.school' }, { name: 'Enter the facilitator’s name.' }],
    [{ name: 'Nisha', email: '' }, { email: 'Enter the e-mail address they will sign in with.' }],
    [{ name: 'Nisha', email: 'nisha@' }, { email: 'Enter a valid e-mail address.' }],
    [
      { name: 'Nisha', email: ' Asha@Demo.School ' },
      { email: 'Another facilitator already has this e-mail address.' },
    ],
    [{ name: 'x'.repeat(201), email: 'n@demo.school' }, { name: 'Use at most 200 characters.' }],
    [{ name: ' Nisha  Kamat ', email: 'Nisha@Demo.School' }, {}],
  ])('%j has the problems %j', (input, problems) => {
    expect(facilitatorProblems(input, [f('1', 'Asha', 'asha@demo.school')])).toEqual(problems)
  })

  it('writes a tidy name and a lower-case address', () => {
    expect(facilitatorFields({ name: ' Nisha  Kamat ', email: ' Nisha@Demo.School' })).toEqual({
      name: 'Nisha Kamat',
      email: 'nisha@demo.school',
    })
  })
})
