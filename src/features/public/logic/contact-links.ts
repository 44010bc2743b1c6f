// The centre's phone number is configured for people to read ("+91 98220 00000"); a phone
// needs it without spaces to dial it, and WhatsApp wants the bare international number.

// A ten-digit number is an Indian mobile written without its country code.
const INDIA_COUNTRY_CODE = '91'
const NATIONAL_NUMBER_LENGTH = 10

function internationalDigitsOf(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const withoutTrunkPrefix = digits.replace(/^0+/, '')
  return withoutTrunkPrefix.length === NATIONAL_NUMBER_LENGTH
    ? INDIA_COUNTRY_CODE + withoutTrunkPrefix
    : withoutTrunkPrefix
}

export function telHrefOf(phone: string): string {
  return `tel:+${internationalDigitsOf(phone)}`
}

export function whatsAppHrefOf(phone: string): string {
  return `https://wa.me/${internationalDigitsOf(phone)}`
}

export function mailtoHrefOf(email: string): string {
  return `mailto:${email}`
}
