import { useState } from 'react'
import { Group, NativeSelect, TextInput } from '@mantine/core'
import {
  COUNTRIES,
  countriesWithPrefix,
  countryByCode,
  DEFAULT_COUNTRY,
} from '@sync/contract/commands/accounts/countries'

const OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.prefix})` }))

/**
 * Every phone number the app asks for: the country (which gives the prefix, E08; India by
 * default) and the number, spaces allowed, checked by the one phone rule (`phoneFieldProblem`).
 * A native select is used because phones show it as their own, easy list.
 */
export function PhoneField({
  country,
  number,
  error,
  onCountry,
  onNumber,
  label = 'WhatsApp number',
  required = true,
}: {
  country: string
  number: string
  error?: string | null | undefined
  onCountry: (code: string) => void
  onNumber: (value: string) => void
  label?: string
  required?: boolean
}) {
  const chosen = countryByCode(country) ?? DEFAULT_COUNTRY
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <NativeSelect
        label="Country code"
        data={OPTIONS}
        value={chosen.code}
        onChange={(e) => onCountry(e.currentTarget.value)}
        w={{ base: '100%', xs: 170 }}
      />
      <TextInput
        label={label}
        description={`${chosen.digits}${chosen.maxDigits ? `-${chosen.maxDigits}` : ''} digits after ${chosen.prefix}`}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={number}
        onChange={(e) => onNumber(e.currentTarget.value)}
        error={error}
        required={required}
        style={{ flex: 1, minWidth: 180 }}
      />
    </Group>
  )
}

/**
 * The phone field over a form that keeps the prefix ('+91') rather than the country: the country
 * shown is the one last chosen, or the first with that prefix.
 */
export function PrefixPhoneField({
  prefix,
  onPrefix,
  ...rest
}: Omit<Parameters<typeof PhoneField>[0], 'country' | 'onCountry'> & {
  prefix: string
  onPrefix: (prefix: string) => void
}) {
  const [picked, setPicked] = useState<string | null>(null)
  const country =
    (picked && countryByCode(picked)?.prefix === prefix.trim() ? picked : null) ??
    countriesWithPrefix(prefix)[0]?.code ??
    DEFAULT_COUNTRY.code
  return (
    <PhoneField
      {...rest}
      country={country}
      onCountry={(code) => {
        setPicked(code)
        onPrefix((countryByCode(code) ?? DEFAULT_COUNTRY).prefix)
      }}
    />
  )
}
