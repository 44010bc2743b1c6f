import { describe, expect, it } from 'vitest'
import { numberInIndianWords, rupeesInWords } from '@sync/rules/fees/words.ts'

describe('numberInIndianWords', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [15, 'Fifteen'],
    [20, 'Twenty'],
    [45, 'Forty Five'],
    [100, 'One Hundred'],
    [405, 'Four Hundred Five'],
    [999, 'Nine Hundred Ninety Nine'],
    [1000, 'One Thousand'],
    [14500, 'Fourteen Thousand Five Hundred'],
    [16700, 'Sixteen Thousand Seven Hundred'],
    [45000, 'Forty Five Thousand'],
    [100000, 'One Lakh'],
    [174000, 'One Lakh Seventy Four Thousand'],
    [1450000, 'Fourteen Lakh Fifty Thousand'],
    [9999999, 'Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [10000000, 'One Crore'],
    [12345678, 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'],
    [1000000000, 'One Hundred Crore'],
  ])('%d → %s', (n, words) => {
    expect(numberInIndianWords(n)).toBe(words)
  })

  it.each([-1, 1.5, Number.NaN])('refuses %d', (n) => {
    expect(() => numberInIndianWords(n)).toThrow(RangeError)
  })
})

describe('rupeesInWords', () => {
  it.each([
    [14500, 'Rupees Fourteen Thousand Five Hundred Only'],
    [0, 'Rupees Zero Only'],
    [10.5, 'Rupees Ten and Fifty Paise Only'],
    [1450000.05, 'Rupees Fourteen Lakh Fifty Thousand and Five Paise Only'],
  ])('%d → %s', (n, words) => {
    expect(rupeesInWords(n)).toBe(words)
  })

  it('refuses a negative amount', () => {
    expect(() => rupeesInWords(-5)).toThrow(RangeError)
  })
})
