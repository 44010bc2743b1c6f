import { describe, expect, it } from 'vitest'
import { mailtoHrefOf, telHrefOf, whatsAppHrefOf } from './contact-links'

describe('contact links', () => {
  it.each([
    ['+91 98220 00000', 'tel:+919822000000', 'https://wa.me/919822000000'],
    ['+91-832-226-0000', 'tel:+918322260000', 'https://wa.me/918322260000'],
    ['98220 00000', 'tel:+919822000000', 'https://wa.me/919822000000'],
    ['098220 00000', 'tel:+919822000000', 'https://wa.me/919822000000'],
    ['+44 20 7946 0000', 'tel:+442079460000', 'https://wa.me/442079460000'],
  ])('%s dials %s and opens %s', (phone, tel, whatsApp) => {
    expect(telHrefOf(phone)).toBe(tel)
    expect(whatsAppHrefOf(phone)).toBe(whatsApp)
  })

  it('writes to the address as given', () => {
    expect(mailtoHrefOf('hello@banyantree.school')).toBe('mailto:hello@banyantree.school')
  })
})
