// An amount in words for a receipt, in the Indian system of numeration (J20): the digits after
// the first thousand are grouped in twos, named lakh (1,00,000) and crore (1,00,00,000).

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const
const TENS = [
  '',
  '',
  'Twenty',
  'Thirty',
  'Forty',
  'Fifty',
  'Sixty',
  'Seventy',
  'Eighty',
  'Ninety',
] as const

/** 0–99 in words: 'Forty Five'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? ''
  const unit = n % 10
  const ten = TENS[Math.floor(n / 10)] ?? ''
  return unit === 0 ? ten : `${ten} ${ONES[unit]}`
}

/** 0–999 in words, '' for 0: 'Four Hundred Five'. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const parts: string[] = []
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`)
  if (rest > 0) parts.push(belowHundred(rest))
  return parts.join(' ')
}

/** A whole number in Indian words: 1450000 → 'Fourteen Lakh Fifty Thousand'. */
export function numberInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`)
  if (n === 0) return ONES[0]
  const crore = Math.floor(n / 1_00_00_000)
  const lakh = Math.floor((n % 1_00_00_000) / 1_00_000)
  const thousand = Math.floor((n % 1_00_000) / 1_000)
  const rest = n % 1_000
  const parts: string[] = []
  // Above 99 crore the crores themselves are counted in the Indian system: 'One Hundred Crore'.
  if (crore > 0) parts.push(`${numberInIndianWords(crore)} Crore`)
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`)
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`)
  if (rest > 0) parts.push(belowThousand(rest))
  return parts.join(' ')
}

/**
 * A rupee amount in words as a receipt prints it: 14500 → 'Rupees Fourteen Thousand Five
 * Hundred Only'; paise, when there are any, follow: 10.5 → 'Rupees Ten and Fifty Paise Only'.
 */
export function rupeesInWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Not an amount: ${amount}`)
  const paiseTotal = Math.round(amount * 100)
  const rupees = Math.floor(paiseTotal / 100)
  const paise = paiseTotal % 100
  const words = `Rupees ${numberInIndianWords(rupees)}`
  return paise === 0 ? `${words} Only` : `${words} and ${belowHundred(paise)} Paise Only`
}
