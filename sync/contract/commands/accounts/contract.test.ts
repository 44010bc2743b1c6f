import { describe, expect, it } from 'vitest'
import { firstProblem, requests } from './contract.ts'

const parse = <A extends keyof typeof requests>(action: A, input: unknown) => {
  const result = requests[action].safeParse(input)
  return result.success ? { ok: result.data } : { problem: firstProblem(result.error) }
}

describe('account call payloads (core.md §7)', () => {
  it('lower-cases and trims e-mails', () => {
    expect(parse('initSignin', { email: ' Rohan@Demo.School ' })).toEqual({
      ok: { email: 'rohan@demo.school' },
    })
  })

  it.each([
    ['initSignin', {}, 'E-mail is missing.'],
    ['initSignin', { email: 42 }, 'E-mail must be text.'],
    ['initSignin', { email: 'a@b.c' }, 'Please enter a valid e-mail address.'],
    ['initConnectAccount', { prefix: '+91' }, 'WhatsApp number is missing.'],
    [
      'initConnectAccount',
      { whatsApp: '98765', prefix: '+91' },
      'WhatsApp number must be a phone number.',
    ],
    [
      'initConnectAccount',
      { whatsApp: '9876543210', prefix: '+999' },
      'Please choose a country code from the list.',
    ],
    [
      'initConnectAccount',
      { whatsApp: '98220 0000', prefix: '+91' },
      'An Indian mobile number has 10 digits.',
    ],
    [
      'registerMember',
      { whatsApp: '7700 9001', prefix: '+44', authType: 'emailpw' },
      'A mobile number with +44 has 10 digits after the country code.',
    ],
    ['resetPassword', { password: '123', oobCode: 'x' }, 'Use at least 6 characters.'],
    ['resetPassword', { password: '123456' }, 'Reset code is missing.'],
    ['logUnregisterdSignin', { email: 'x@y.com', name: 5 }, 'Name must be text.'],
    [
      'registerMember',
      { whatsApp: '9876543210', prefix: '+91', authType: 'emailpw', password: 'mine-1' },
      'This call does not take password.',
    ],
    [
      'registerFacilitator',
      {
        email: 'rohan@demo.school',
        name: 'Rohan',
        whatsapp: '919822012345',
        facilitatorUUID: 'f4',
        facilitatorAuthOld: null,
      },
      'This call does not take facilitatorUUID, facilitatorAuthOld.',
    ],
    ['initSignin', [], 'The request must be a JSON object.'],
  ] as const)('%s %j → %s', (action, input, problem) => {
    expect(parse(action, input)).toEqual({ problem })
  })

  it('takes a number as the profile and the applications do: spaces, and its country code again', () => {
    expect(parse('initConnectAccount', { whatsApp: '+91 9822000001', prefix: '+91' })).toEqual({
      ok: { whatsApp: '919822000001', prefix: '+91' },
    })
  })

  it('takes the WhatsApp number as digits', () => {
    expect(parse('initConnectAccount', { whatsApp: '98765 43210', prefix: '+91' })).toEqual({
      ok: { whatsApp: '9876543210', prefix: '+91' },
    })
  })

  it('D08: registerMember finds the person by the number alone, and takes no password', () => {
    expect(
      parse('registerMember', { whatsApp: '98220 11111', prefix: '+91', authType: 'emailpw' }),
    ).toEqual({ ok: { whatsApp: '9822011111', prefix: '+91', authType: 'emailpw' } })
  })

  it('D16: registerFacilitator fills the app version and the sign-in type when they are not sent', () => {
    const sent = { email: 'rohan@demo.school', name: ' Rohan ', whatsapp: '919822012345' }
    expect(parse('registerFacilitator', sent)).toEqual({
      ok: { ...sent, name: 'Rohan', appVersion: '1.0.0', authType: 'emailpw' },
    })
  })
})
