// E-mail addresses (core.md §5, E01-E02).

/**
 * E01: word characters or hyphens with dot segments, an '@', domain labels, then a top-level
 * part of 2 to 7 letters.
 */
export const EMAIL_PATTERN = /^[\w-]+(?:\.[\w-]+)*@(?:[\w-]+\.)+[A-Za-z]{2,7}$/

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim())
}

/**
 * E02: guardian e-mails are lower-cased. Sign-in treats every address the same way (the
 * identity service compares addresses without case), so all account e-mails are lower-cased.
 */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase()
}

/**
 * An address shown to someone who has not proved it is theirs (connect account: anyone who knows
 * a WhatsApp number): enough to recognise one's own address, too little to learn someone else's.
 * 'joao.fernandes@demo.school' → 'j***@d***.school'.
 */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = normaliseEmail(email).split('@')
  const labels = domain.split('.')
  const top = labels.length > 1 ? labels[labels.length - 1] : ''
  const first = (text: string) => [...text][0] ?? ''
  return `${first(local)}***@${first(domain)}***${top ? `.${top}` : ''}`
}
