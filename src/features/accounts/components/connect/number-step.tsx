import { useState, type FormEvent } from 'react'
import { Button, Stack } from '@mantine/core'
import { countryByCode, DEFAULT_COUNTRY } from '@sync/contract/commands/accounts/countries'
import { mobileProblem } from '@sync/contract/commands/accounts/phone'
import { useWarmUpOnFirstInput } from '../../hooks/use-warm-up'
import { PhoneField } from '@/components/form/phone-field'

/** State init (D06): the WhatsApp number and its country code. */
export function NumberStep({
  busy,
  onSubmit,
}: {
  busy: boolean
  onSubmit: (prefix: string, number: string) => void
}) {
  const [country, setCountry] = useState(DEFAULT_COUNTRY.code)
  const [number, setNumber] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const warmUp = useWarmUpOnFirstInput()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const prefix = (countryByCode(country) ?? DEFAULT_COUNTRY).prefix
    const found = mobileProblem(prefix, number)
    setProblem(found)
    if (!found) onSubmit(prefix, number)
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PhoneField
          country={country}
          number={number}
          error={problem}
          onCountry={setCountry}
          onNumber={(value) => {
            warmUp()
            setNumber(value)
          }}
        />
        <Button type="submit" loading={busy} fullWidth>
          Find my account
        </Button>
      </Stack>
    </form>
  )
}
