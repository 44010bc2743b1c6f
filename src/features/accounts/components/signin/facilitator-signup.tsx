import { useState, type FormEvent } from 'react'
import { Button, Stack, Text, TextInput } from '@mantine/core'
import { APP_VERSION } from '@/lib/centre'
import { accounts } from '../../api'
import { countryByCode, DEFAULT_COUNTRY } from '@sync/contract/commands/accounts/countries'
import type { RegisterState } from '../../logic/member-form'
import { MESSAGES } from '@sync/contract/commands/accounts/messages'
import { fullNumber } from '@sync/contract/commands/accounts/phone'
import { registrationErrors, type RegistrationField } from '../../logic/registration'
import { CheckEmail } from '../check-email'
import { FlowAlerts } from '../flow-alerts'
import { GoogleChoice } from '../google-button'
import { PhoneField } from '@/components/form/phone-field'
import type { PendingGoogle } from '../../pending-google'
import type { SigninInit } from './email-step'

/**
 * State `facilitator_signup` (D15-D19): a facilitator the centre added gives their name and
 * WhatsApp number, and we e-mail them a link; the page it opens asks for the password (or they
 * use Google, where the server offers it).
 */
export function FacilitatorSignup({ email, invite }: { email: string; invite: SigninInit }) {
  const [name, setName] = useState('')
  const [country, setCountry] = useState(DEFAULT_COUNTRY.code)
  const [number, setNumber] = useState('')
  const [errors, setErrors] = useState<Partial<Record<RegistrationField, string>>>({})
  const [state, setState] = useState<RegisterState>('init')
  const [answer, setAnswer] = useState<{ error?: string; done?: string }>({})
  const prefix = (countryByCode(country) ?? DEFAULT_COUNTRY).prefix

  const checked = () => {
    const found = registrationErrors({ email, name, prefix, whatsapp: number })
    setErrors(found)
    return Object.keys(found).length === 0
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!checked()) return
    // D17: account_setup with the info alert while the account is made.
    setState('account_setup')
    setAnswer({})
    const result = await accounts('registerFacilitator', {
      appVersion: APP_VERSION,
      email,
      name: name.trim(),
      whatsapp: fullNumber(prefix, number),
      authType: 'emailpw',
    })
    setState('init')
    setAnswer(result.type === 'success' ? { done: result.message } : { error: result.message })
  }

  // Google proves the address itself: the name and the number are all it needs first.
  const forGoogle = (): PendingGoogle | null =>
    checked()
      ? {
          kind: 'facilitator',
          expectedEmail: email,
          name: name.trim(),
          whatsapp: fullNumber(prefix, number),
        }
      : null

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
        <Text size="sm" c="dimmed">
          We will e-mail you a link: open it to confirm your address and choose your password.
        </Text>
        <Button type="submit" loading={state === 'account_setup'} fullWidth>
          Send me the link
        </Button>
        {google && (
          <GoogleChoice
            label="Continue with Google"
            returnPath="/signin"
            pending={forGoogle}
            onError={(error) => setAnswer({ error })}
          />
        )}
      </Stack>
    </form>
  )
}
