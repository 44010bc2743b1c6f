// The sign-in and registration data a person enters (core.md §3, C04), with its defaults.
// persist is always true: an offline-first app must open signed in without a network, and
// shared devices are protected by signing out, which deletes the local data (decision C04).

export type SignInState = 'email' | 'signin' | 'facilitator_signup' | 'reset'
export type RegisterState = 'init' | 'verifying' | 'connect' | 'account_setup'
export type ResetState = 'idle' | 'pending' | 'success'

export interface MemberForm {
  email: string
  name: string
  password: string
  repeatPassword: string
  persist: true
  oobCode: string
  prefix: string
  whatsapp: string
  facilitatorUUID: string | null
  facilitatorAuthOld: string | null
  role: 'member'
  signInState: SignInState
  registerState: RegisterState
  resetState: ResetState
}

export function initialMemberForm(email = ''): MemberForm {
  return {
    email,
    name: '',
    password: '',
    repeatPassword: '',
    persist: true,
    oobCode: '',
    prefix: '+91',
    whatsapp: '',
    facilitatorUUID: null,
    facilitatorAuthOld: null,
    role: 'member',
    // C03: the screen starts at `email`, or at `signin` when the address is already known.
    signInState: email ? 'signin' : 'email',
    registerState: 'init',
    resetState: 'idle',
  }
}
