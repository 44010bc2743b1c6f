import { describe, expect, it } from 'vitest'
import { escapeHtml } from './text.ts'

describe('escapeHtml', () => {
  it.each([
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['<b>bold</b>', '&lt;b&gt;bold&lt;/b&gt;'],
    ['say "hi"', 'say &quot;hi&quot;'],
    ["D'Souza", 'D&#39;Souza'],
    [`"it's"`, '&quot;it&#39;s&quot;'],
    ['&amp;', '&amp;amp;'],
    ['plain', 'plain'],
  ])('%j → %j', (text, escaped) => expect(escapeHtml(text)).toBe(escaped))
})
