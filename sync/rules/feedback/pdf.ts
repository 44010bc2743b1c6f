// A child's feedback for a term as a PDF (M09): the centre's header, the child's name, group and
// term, every subject's released entries (facilitator, colour in words, text) and the group's
// covered curriculum. Made with pdf-lib, as the receipts are, the same in Deno (the e-mail), Node
// (the local host) and the browser (the parents' download). Text is set in Noto Sans Devanagari,
// embedded as a subset, so Konkani, Marathi and Hindi names print; pdf-lib places each character's
// own glyph and does not shape (no conjuncts, no reordered vowel signs): see docs/decisions.md.
import fontkit from '@pdf-lib/fontkit'
import regeneratorRuntime from 'regenerator-runtime'
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { FeedbackColour } from '../../contract/collections/feedback.ts'
import { FEEDBACK_COLOUR_WORDS } from './colours.ts'
import { termLabel } from './terms.ts'

export interface FeedbackPdfEntry {
  subject: string
  facilitator: string
  title: string
  colour: FeedbackColour | null
  notParticipating: boolean
  text: string
}

export interface FeedbackPdfSubject {
  subject: string
  coveredCurriculum: string
}

export interface FeedbackPdfInput {
  centreName: string
  studentName: string
  group: string
  /** '2026_2027_2' */
  term: string
  entries: readonly FeedbackPdfEntry[]
  /** The group's covered curriculum, per subject. */
  curriculum: readonly FeedbackPdfSubject[]
}

export interface FeedbackPdfFonts {
  regular: Uint8Array
  bold: Uint8Array
}

// fontkit's Indic shaper (the syllable machine Devanagari goes through) is compiled to ES5
// generators that call a global `regeneratorRuntime`; without it Devanagari text throws.
const withRuntime = globalThis as { regeneratorRuntime?: unknown }
withRuntime.regeneratorRuntime ??= regeneratorRuntime

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 56
const GREEN = rgb(0.184, 0.42, 0.227)
const BLACK = rgb(0, 0, 0)

/** 'feedback-anaya-2026-2027-2.pdf': a name every mail client and file system keeps. */
export function feedbackPdfFilename(studentName: string, term: string): string {
  const name =
    studentName
      .normalize('NFKD')
      .replace(/[^0-9A-Za-z]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 40) || 'student'
  return `feedback-${name}-${term.replace(/_/g, '-')}.pdf`
}

/** What the font has no glyph for prints as '?', never breaks the PDF. */
function printable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet())
  return Array.from(text.normalize('NFC'))
    .map((c) => {
      const code = c.codePointAt(0)!
      if (c === '\n' || c === '\t') return c
      if (code < 0x20 || code === 0x7f) return ''
      return set.has(code) ? c : '?'
    })
    .join('')
}

/** Splits text into lines no wider than `width`, keeping its paragraphs, breaking long words. */
export function wrapLines(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split(/\r?\n/)) {
    let line = ''
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while (font.widthOfTextAtSize(word, size) > width && word.length > 1) {
        // A word wider than the line (a long link) is cut where it fills the line.
        let cut = word.length - 1
        while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > width) cut--
        if (line) lines.push(line)
        lines.push(word.slice(0, cut))
        line = ''
        word = word.slice(cut)
      }
      const next = line ? `${line} ${word}` : word
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line)
        line = word
      } else line = next
    }
    lines.push(line)
  }
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

export async function feedbackPdf(
  input: FeedbackPdfInput,
  fonts: FeedbackPdfFonts,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  const term = termLabel(input.term)
  doc.setTitle(`Feedback ${term}: ${input.studentName}`)
  doc.setAuthor(input.centreName)
  doc.setSubject(`Feedback for ${input.studentName}, ${input.group}, ${term}`)
  doc.setCreator(input.centreName)
  doc.setProducer(input.centreName)
  const regular = await doc.embedFont(fonts.regular, { subset: true })
  const bold = await doc.embedFont(fonts.bold, { subset: true })
  const width = A4[0] - 2 * MARGIN
  let page: PDFPage = doc.addPage(A4)
  let y = A4[1] - MARGIN

  const write = (text: string, font: PDFFont, size: number, indent = 0) => {
    const value = printable(font, text.trim() === '' ? '-' : text)
    for (const line of wrapLines(value, font, size, width - indent)) {
      const height = size * 1.45
      if (y - height < MARGIN) {
        page = doc.addPage(A4)
        y = A4[1] - MARGIN
      }
      y -= height
      if (line)
        page.drawText(line, {
          x: MARGIN + indent,
          y,
          size,
          font,
          color: font === bold ? GREEN : BLACK,
        })
    }
  }

  write(input.centreName, bold, 18)
  y -= 6
  write(`Feedback, ${term}`, bold, 14)
  y -= 6
  write(`Student: ${input.studentName}`, regular, 11)
  write(`Group: ${input.group}`, regular, 11)
  write(`Term: ${term}`, regular, 11)

  const subjects = [
    ...new Set([...input.entries.map((e) => e.subject), ...input.curriculum.map((c) => c.subject)]),
  ].sort((a, b) => a.localeCompare(b))
  if (subjects.length === 0) {
    y -= 12
    write('No feedback has been released for this term yet.', regular, 11)
  }
  for (const subject of subjects) {
    y -= 14
    write(subject, bold, 13)
    for (const entry of input.entries.filter((e) => e.subject === subject)) {
      y -= 4
      write(entry.title, bold, 11)
      const colour = entry.notParticipating
        ? 'Not participating'
        : entry.colour
          ? FEEDBACK_COLOUR_WORDS[entry.colour]
          : '-'
      write(`${entry.facilitator || 'Facilitator'} · ${colour}`, regular, 10)
      if (entry.text.trim()) write(entry.text, regular, 11)
    }
    for (const c of input.curriculum.filter((c) => c.subject === subject)) {
      if (!c.coveredCurriculum.trim()) continue
      y -= 4
      write('What the group covered', bold, 11)
      write(c.coveredCurriculum, regular, 11)
    }
  }
  y -= 16
  write('Written by the centre\u2019s facilitators and released to the family.', regular, 9)
  return doc.save()
}
