import { Group, NativeSelect, TextInput } from '@mantine/core'
import { COUNTRIES, DEFAULT_COUNTRY } from '@sync/contract/commands/accounts/countries'

const OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.prefix})` }))

/**
 * A WhatsApp number: the country (which gives the prefix, E08; India by default) and the
 * number. A native select is used because phones show it as their own, easy list.
 */
export function PhoneField({
  country,
  number,
  error,
  onCountry,
  onNumber,
  label = 'WhatsApp number',
}: {
  country: string
  number: string
  error?: string | null
  onCountry: (code: string) => void
  onNumber: (value: string) => void
  label?: string
}) {
  const chosen = COUNTRIES.find((c) => c.code === country) ?? DEFAULT_COUNTRY
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
        required
        style={{ flex: 1, minWidth: 180 }}
      />
    </Group>
  )
}
