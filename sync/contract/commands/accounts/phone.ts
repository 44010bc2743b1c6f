// Phone and WhatsApp numbers (core.md §5, E03-E07, decision E09). Numbers are kept as digits
// only, country code first (E.164 without the plus sign), and shown with a leading '+'.
import { COUNTRIES, countriesWithPrefix, DEFAULT_COUNTRY, type Country } from './countries.ts'

/** E03: only the digits of a phone number are kept. */
export function phoneDigits(raw: string): string {
  return raw.replace(/\D/g, '')
}

/** E04: a 10-digit number that does not start with 0 is an Indian mobile and gets '91'. */
export function normalisePhone(raw: string): string {
  const digits = phoneDigits(raw)
  return digits.length === 10 && !digits.startsWith('0') ? `91${digits}` : digits
}

/** E05: valid only as 12 digits starting with 91 (the rule for Indian numbers). */
export function isValidPhone(raw: string): boolean {
  return /^91\d{10}$/.test(normalisePhone(raw))
}

/** E05: shown as '+' and the digits; null when the number is not valid. */
export function displayPhone(raw: string): string | null {
  return isValidPhone(raw) ? `+${normalisePhone(raw)}` : null
}

/** E06: a WhatsApp number of 10 digits or fewer gets '91' in front. */
export function whatsappNumber(raw: string): string {
  const digits = phoneDigits(raw)
  return digits.length > 0 && digits.length <= 10 ? `91${digits}` : digits
}

/** E07: a guardian's WhatsApp number is prefix plus mobile, without spaces or plus signs. */
export function whatsappOf(prefix: string, mobile: string): string {
  return phoneDigits(`${prefix}${mobile}`)
}

/** D07: connect-account sends the number as typed, with the spaces removed. */
export function withoutSpaces(raw: string): string {
  return raw.replace(/\s+/g, '')
}

/** What a number may hold besides digits: spaces, and the + ( ) - . people write numbers with. */
const NOT_A_NUMBER = /[^\d\s+().-]/
const NOT_A_NUMBER_TEXT = 'Use digits only in the number (spaces are fine).'

function lengthsOf(countries: Country[]): { min: number; max: number } {
  const list = countries.length ? countries : [DEFAULT_COUNTRY]
  return {
    min: Math.min(...list.map((c) => c.digits)),
    max: Math.max(...list.map((c) => c.maxDigits ?? c.digits)),
  }
}

/**
 * The mobile number without the country code: digits only, a leading trunk '0' dropped
 * ('09876543210' is how many people write an Indian mobile), and the country code dropped
 * when it was typed as well ('+91 98765 43210' in the number field).
 */
export function nationalNumber(prefix: string, mobile: string): string {
  const code = phoneDigits(prefix)
  let digits = phoneDigits(mobile).replace(/^0+/, '')
  const { max } = lengthsOf(countriesWithPrefix(prefix))
  if (code && digits.startsWith(code) && digits.length > max) digits = digits.slice(code.length)
  return digits
}

/**
 * E09: whether a mobile number fits the country of its prefix. For +91 this is the rule of E05
 * (ten digits, giving 12 with the 91); other countries use their own digit count.
 * Returns null when it fits, or what is wrong in words a parent understands.
 */
export function mobileProblem(prefix: string, mobile: string): string | null {
  if (NOT_A_NUMBER.test(mobile)) return NOT_A_NUMBER_TEXT
  const digits = nationalNumber(prefix, mobile)
  if (!digits) return 'Please enter your mobile number.'
  const countries = countriesWithPrefix(prefix)
  if (!countries.length) return 'Please choose your country code.'
  if (phoneDigits(prefix) === '91')
    return isValidPhone(digits) ? null : 'An Indian mobile number has 10 digits.'
  const { min, max } = lengthsOf(countries)
  if (digits.length >= min && digits.length <= max) return null
  const count = min === max ? `${min}` : `${min} to ${max}`
  return `A mobile number with ${countries[0]!.prefix} has ${count} digits after the country code.`
}

/** The number as the centre stores it: country code and mobile, digits only ('919876543210'). */
export function fullNumber(prefix: string, mobile: string): string {
  return `${phoneDigits(prefix)}${nationalNumber(prefix, mobile)}`
}

/**
 * A WhatsApp number typed in one box (the office's "Add number"): with its country code after a
 * '+' or '00' ('+44 7700 900123'), or as a national number, which is Indian ('98765 43210',
 * '098765 43210'). The same rules as a prefix and a mobile number (E05, E09): the number as the
 * centre stores it, or what is wrong in words.
 */
export function whatsappEntry(raw: string): { number: string } | { problem: string } {
  const text = raw.trim()
  const international = /^(\+|00)/.test(text)
  if (!international) {
    const problem = mobileProblem(DEFAULT_COUNTRY.prefix, text)
    return problem ? { problem } : { number: fullNumber(DEFAULT_COUNTRY.prefix, text) }
  }
  const digits = phoneDigits(text.replace(/^00/, ''))
  // The longest known country code the digits begin with (+1 and +1 242 differ, say).
  const prefix = [...new Set(COUNTRIES.map((c) => c.prefix))]
    .filter((p) => digits.startsWith(phoneDigits(p)))
    .sort((a, b) => b.length - a.length)[0]
  if (!prefix) return { problem: 'Please start with a country code we know, such as +91.' }
  const mobile = digits.slice(phoneDigits(prefix).length)
  const problem = mobileProblem(prefix, mobile)
  return problem ? { problem } : { number: fullNumber(prefix, mobile) }
}

/**
 * The one rule of every phone field (a country code and a number, spaces allowed, E03-E09): what
 * is wrong in words, or null. The number may repeat its country code ('+91 98220 00001' with
 * +91). An optional field may stay empty.
 */
export function phoneFieldProblem(
  prefix: string,
  number: string,
  { optional = false }: { optional?: boolean } = {},
): string | null {
  if (optional && number.trim() === '') return null
  return mobileProblem(prefix, number)
}

/**
 * A number kept in one piece ('+91 9822000001', '098220 00001') as the phone field shows it: the
 * country code it starts with ('+' or '00' and the longest known code), or India's, and the rest.
 */
export function splitPhone(stored: string): { prefix: string; number: string } {
  const text = stored.trim()
  if (!/^(\+|00)/.test(text)) return { prefix: DEFAULT_COUNTRY.prefix, number: text }
  const rest = text.replace(/^(\+|00)/, '')
  const digits = phoneDigits(rest)
  const prefix = [...new Set(COUNTRIES.map((c) => c.prefix))]
    .filter((p) => digits.startsWith(phoneDigits(p)))
    .sort((a, b) => b.length - a.length)[0]
  if (!prefix) return { prefix: DEFAULT_COUNTRY.prefix, number: text }
  // Drop the code's digits (and what separates them from the number) from the typed text.
  let left = phoneDigits(prefix).length
  let i = 0
  while (left > 0 && i < rest.length) {
    if (/\d/.test(rest[i]!)) left--
    i++
  }
  return { prefix, number: rest.slice(i).trim() }
}

/** A number kept in one piece: country code, a space, the national number ('+91 9822000001'). */
export function joinPhone(prefix: string, number: string): string {
  const national = nationalNumber(prefix, number)
  return national ? `${prefix.trim()} ${national}` : ''
}
