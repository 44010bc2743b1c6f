import { describe, expect, it } from 'vitest'
import { MAX_DOCUMENT_BYTES } from '../contract/constants.ts'
import { unsendableReason } from './sendable.ts'

describe('what a device refuses to push', () => {
  it.each([
    ['a NUL in a value', { id: 'a', data: { text: 'before\u0000after' } }, /invisible character/],
    ['a NUL in a key', { id: 'a', data: { ['k\u0000']: 1 } }, /invisible character/],
    ['a NUL deep in a list', { id: 'a', data: { days: [[{ topic: 'x\u0000' }]] } }, /invisible/],
    ['half an emoji', { id: 'a', data: { text: 'smile \ud83d' } }, /invisible character/],
    ['the other half alone', { id: 'a', data: { text: '\ude00 smile' } }, /invisible character/],
    [
      'a document over the limit',
      { id: 'a', data: { text: 'x'.repeat(MAX_DOCUMENT_BYTES) } },
      /^This record is too large to sync \(257 KB; at most 256 KB\)\.$/,
    ],
  ])('refuses %s', (_what, doc, reason) => {
    expect(unsendableReason(doc)).toMatch(reason)
  })

  it.each([
    ['ordinary text', { id: 'a', data: { text: 'Fractions ½, Konkani ಕೊಂಕಣಿ' } }],
    ['a whole emoji', { id: 'a', data: { text: 'well done 😀' } }],
    ['a backslash and u0000 typed as text', { id: 'a', data: { text: 'C:\\u0000' } }],
    [
      'a document just under the limit',
      { id: 'a', data: { t: 'x'.repeat(MAX_DOCUMENT_BYTES - 40) } },
    ],
  ])('lets %s through', (_what, doc) => {
    expect(unsendableReason(doc)).toBeNull()
  })
})
