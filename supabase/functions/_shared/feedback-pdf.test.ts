import { describe, expect, it } from 'vitest'
import {
  feedbackPdf,
  feedbackPdfFilename,
  type FeedbackPdfInput,
} from '@sync/rules/feedback/pdf.ts'
import { pdfPages } from '../../../tests/helpers/pdf-text.ts'
import { feedbackFonts } from './feedback-fonts.ts'

const pagesOf = pdfPages

const longText = Array.from(
  { length: 60 },
  (_, i) =>
    `Paragraph ${i + 1}: Anaya read aloud with confidence and asked good questions about the story.`,
).join('\n')

const input: FeedbackPdfInput = {
  centreName: 'Banyan Tree Learning Centre',
  studentName: 'अनया नाईक',
  group: 'Jaul',
  term: '2026_2027_2',
  entries: [
    {
      subject: 'English',
      facilitator: 'Maria Fernandes',
      title: 'Reading',
      colour: 'green',
      notParticipating: false,
      text: longText,
    },
    {
      subject: 'Maths',
      facilitator: 'Ravi Kamat',
      title: 'Numbers',
      colour: null,
      notParticipating: true,
      text: '',
    },
  ],
  curriculum: [{ subject: 'English', coveredCurriculum: 'Stories of Goa; letters and sounds.' }],
}

// Subsetting a Devanagari font and reading the PDF back take seconds on a busy machine.
describe('feedbackPdf', { timeout: 60_000 }, () => {
  it('prints the header, every entry with its colour in words, and flows long text onto more pages', async () => {
    const pages = await pagesOf(await feedbackPdf(input, await feedbackFonts()))
    expect(pages.length).toBeGreaterThanOrEqual(2)
    const all = pages.join('\n')
    expect(pages[0]).toContain('Banyan Tree Learning Centre')
    expect(pages[0]).toContain('Group: Jaul')
    expect(pages[0]).toContain('Term: Term 2 2026-27')
    expect(all).toContain('Maria Fernandes · Going well')
    expect(all).toContain('Ravi Kamat · Not participating')
    expect(all).toContain('What the group covered')
    expect(all).toContain('Stories of Goa; letters and sounds.')
    expect(pages[0]).toContain('Paragraph 1:')
    expect(pages.slice(1).join('\n')).toContain('Paragraph 60:')
    // Every paragraph is printed once, none lost at a page break.
    for (let i = 1; i <= 60; i++) expect(all).toContain(`Paragraph ${i}:`)
  })

  it('prints a Devanagari name as text', async () => {
    const pages = await pagesOf(await feedbackPdf(input, await feedbackFonts()))
    expect(pages[0]).toContain('Student: अनया नाईक')
  })

  it('embeds only the glyphs it uses', async () => {
    const pdf = await feedbackPdf(input, await feedbackFonts())
    expect(pdf.byteLength).toBeLessThan(120_000)
  })

  it('says when nothing is released yet, and names the file without spaces', async () => {
    const pages = await pagesOf(
      await feedbackPdf({ ...input, entries: [], curriculum: [] }, await feedbackFonts()),
    )
    expect(pages.join('\n')).toContain('No feedback has been released for this term yet.')
    expect(feedbackPdfFilename('Anaya Naik', '2026_2027_2')).toBe(
      'feedback-anaya-naik-2026-2027-2.pdf',
    )
    expect(feedbackPdfFilename('अनया', '2026_2027_2')).toBe('feedback-student-2026-2027-2.pdf')
  })
})
