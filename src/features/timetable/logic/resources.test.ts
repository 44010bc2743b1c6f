import { describe, expect, it } from 'vitest'
import { extensionOf } from './resources'

describe('extensionOf', () => {
  it.each([
    ['https://x.org/files/worksheet.PDF', 'pdf'],
    ['https://x.org/a/b.docx?download=1', 'docx'],
    ['https://x.org/page.html', undefined],
    ['https://x.org/video', undefined],
    ['', undefined],
  ])('%s → %s', (link, ext) => expect(extensionOf(link)).toBe(ext))
})
