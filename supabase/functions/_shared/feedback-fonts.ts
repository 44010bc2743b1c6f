// The feedback PDF's fonts, read from the files beside this module (node:fs works in Deno and in
// the local host's Node alike); read once per process.
import { readFile } from 'node:fs/promises'
import type { FeedbackPdfFonts } from '@sync/rules/feedback/pdf.ts'

let fonts: Promise<FeedbackPdfFonts> | null = null

export function feedbackFonts(): Promise<FeedbackPdfFonts> {
  fonts ??= Promise.all([
    readFile(new URL('./fonts/NotoSansDevanagari-Regular.ttf', import.meta.url)),
    readFile(new URL('./fonts/NotoSansDevanagari-Bold.ttf', import.meta.url)),
  ]).then(([regular, bold]) => ({ regular: new Uint8Array(regular), bold: new Uint8Array(bold) }))
  return fonts
}
