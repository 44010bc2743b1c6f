import { describe, expect, it } from 'vitest'
import { contentMatches, isValidName, mimeAllowed } from './storage-files.ts'

const bytes = (hexOrText: string, hex = true) =>
  new Uint8Array(hex ? Buffer.from(hexOrText, 'hex') : Buffer.from(hexOrText))

describe('isValidName', () => {
  it.each([
    ['a.png', true],
    ['family/42/Aadhaar card (front).jpg', true],
    ['उपयोगकर्ता/फ़ोटो.png', true],
    ['', false],
    ['/a.png', false],
    ['a//b.png', false],
    ['a/', false],
    ['../a.png', false],
    ['a/../../b.png', false],
    ['a/./b.png', false],
    ['a\\..\\b.png', false],
    ['a\u0000.png', false],
    ['x'.repeat(1025), false],
  ])('%j → %s', (name, ok) => {
    expect(isValidName(name)).toBe(ok)
  })
})

describe('mimeAllowed', () => {
  it.each([
    ['image/png', null, true],
    ['image/png', ['image/*'], true],
    ['image/png; charset=binary', ['image/png'], true],
    ['IMAGE/JPEG', ['image/jpeg'], true],
    ['application/pdf', ['image/*'], false],
    ['text/plain', ['image/png', 'application/pdf'], false],
  ])('%s with %j → %s', (mime, allowed, ok) => {
    expect(mimeAllowed(mime, allowed)).toBe(ok)
  })
})

describe('contentMatches', () => {
  it.each([
    ['image/png', bytes('89504e470d0a1a0a0000'), true],
    ['image/png', bytes('ffd8ffe000104a464946'), false],
    ['image/jpeg', bytes('ffd8ffe000104a464946'), true],
    ['image/gif', bytes('GIF89a....', false), true],
    ['image/webp', bytes('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', false), true],
    ['image/webp', bytes('RIFF\u0000\u0000\u0000\u0000WAVEfmt ', false), false],
    ['application/pdf', bytes('%PDF-1.7\n', false), true],
    ['application/pdf', bytes('\r\n%PDF-1.4', false), true],
    ['application/pdf', bytes('<html>', false), false],
    ['text/plain;charset=UTF-8', bytes('Namaste 🙏', false), true],
    ['text/csv', bytes('a,b\u0000c', false), false],
    ['application/json', bytes('c3a9ff', true), false],
    ['application/octet-stream', bytes('00ff00', true), true],
  ])('%s %#', (mime, data, ok) => {
    expect(contentMatches(mime, data)).toBe(ok)
  })
})
