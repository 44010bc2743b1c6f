// A UPI payment link for the amount due (J32): any UPI app opens it with the centre's VPA, name,
// amount and a note naming the family and the period, so no payment gateway is needed.

/** A VPA as UPI apps accept it: 'name@bank' (letters, digits, '.', '-', '_'). */
const VPA = /^[A-Za-z0-9._-]{1,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/

export function isVpa(value: string): boolean {
  return VPA.test(value.trim())
}

export interface UpiPayment {
  /** The centre's VPA, from Centre settings. */
  vpa: string
  /** The payee name shown by the app: the centre's name. */
  payee: string
  /** Rupees, more than 0. */
  amount: number
  /** The transaction note: family and period. Apps show at most 80 characters of it. */
  note: string
}

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** The note for a fee: 'Fee Sharma family June 2026', cut to the 80 characters UPI apps keep. */
export function upiNote(family: string, period: string): string {
  return `Fee ${family.trim()} ${period.trim()}`.replace(/\s+/g, ' ').slice(0, 80).trim()
}

/** `upi://pay?pa=…&pn=…&am=…&tn=…&cu=INR`, the amount with two decimals. */
export function upiLink(p: UpiPayment): string {
  if (!isVpa(p.vpa)) throw new RangeError(`Not a UPI address: ${p.vpa}`)
  if (!Number.isFinite(p.amount) || p.amount <= 0)
    throw new RangeError(`Not an amount due: ${p.amount}`)
  const am = (Math.round(p.amount * 100) / 100).toFixed(2)
  return (
    `upi://pay?pa=${enc(p.vpa.trim())}&pn=${enc(p.payee.trim())}&am=${am}` +
    `&tn=${enc(p.note)}&cu=INR`
  )
}
