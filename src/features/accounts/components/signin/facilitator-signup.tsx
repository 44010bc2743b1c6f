import '@mantine/core/styles/PasswordInput.css'
import { useState, type FormEvent } from 'react'
import { Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { APP_VERSION } from '../../../../lib/centre'
import { accounts } from '../../api'
import { countryByCode, DEFAULT_COUNTRY } from '../../../../../sync/commands/accounts/countries'
import type { RegisterState } from '../../logic/member-form'
import { MESSAGES } from '../../../../../sync/commands/accounts/messages'
import { fullNumber, mobileProblem } from '../../../../../sync/commands/accounts/phone'
import { registrationErrors, type RegistrationField } from '../../logic/registration'
import { CheckEmail } from '../check-email'
import { FlowAlerts } from '../flow-alerts'
import { GoogleButton } from '../google-button'
import { PhoneField } from '../phone-field'
import type { PendingGoogle } from '../../pending-google'
import type { SigninInit } from './email-step'

/**
 * State `facilitator_signup` (D15-D19): a facilitator the centre added sets up their account
 * with name, WhatsApp number and a password (or Google, where the server offers it).
 */
export function FacilitatorSignup({ email, invite }: { email: string; invite: SigninInit }) {
  const [name, setName] = useState(invite.facilitatorName ?? '')
  const [country, setCountry] = useState(DEFAULT_COUNTRY.code)
  const [number, setNumber] = useState('')
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<Partial<Record<RegistrationField, string>>>({})
  const [state, setState] = useState<RegisterState>('init')
  const [answer, setAnswer] = useState<{ error?: string; done?: string }>({})
  const prefix = (countryByCode(country) ?? DEFAULT_COUNTRY).prefix
  const details = {
    appVersion: APP_VERSION,
    email,
    name: name.trim(),
    whatsapp: fullNumber(prefix, number),
    facilitatorUUID: invite.facilitatorUUID ?? '',
    facilitatorAuthOld: invite.facilitatorAuthOld,
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = registrationErrors({
      email,
      password,
      repeatPassword: repeat,
      name,
      prefix,
      whatsapp: number,
    })
    setErrors(found)
    if (Object.keys(found).length) return
    // D17: account_setup with the info alert while the account is made.
    setState('account_setup')
    setAnswer({})
    const result = await accounts('registerFacilitator', { ...details, password })
    setState('init')
    setAnswer(result.type === 'success' ? { done: result.message } : { error: result.message })
  }

  // Google proves the address itself: only the name and the number are needed first.
  const forGoogle = (): PendingGoogle | null => {
    const found: Partial<Record<RegistrationField, string>> = {}
    if (!name.trim()) found.name = 'Please enter your name.'
    const phone = mobileProblem(prefix, number)
    if (phone) found.whatsapp = phone
    setErrors(found)
    if (Object.keys(found).length) return null
    const { name: n, whatsapp, facilitatorUUID, facilitatorAuthOld } = details
    return {
      kind: 'facilitator',
      expectedEmail: email,
      name: n,
      whatsapp,
      facilitatorUUID,
      facilitatorAuthOld,
    }
  }

  if (answer.done) return <CheckEmail email={email} message={answer.done} />
  const google = invite.mode === 'facilitator_signup'
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Text>{invite.message}</Text>
        <FlowAlerts
          error={answer.error}
          info={state === 'account_setup' ? MESSAGES.accountGettingReady : null}
        />
        <TextInput label="E-mail" value={email} readOnly autoComplete="username" />
        <TextInput
          label="Your name"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <PhoneField
          country={country}
          number={number}
          error={errors.whatsapp}
          onCountry={setCountry}
          onNumber={setNumber}
        />
        {google && (
          <>
            <GoogleButton
              label="Continue with Google"
              returnPath="/signin"
              pending={forGoogle}
              onError={(error) => setAnswer({ error })}
            />
            <Divider label="or choose a password" labelPosition="center" />
          </>
        )}
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <PasswordInput
          label="Repeat the password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          error={errors.repeatPassword}
        />
        <Button type="submit" loading={state === 'account_setup'} fullWidth>
          Create my account
        </Button>
      </Stack>
    </form>
  )
}
