// The feedback PDF's fonts, read from the files beside this module: with Deno.readFile on
// Supabase, with node:fs on the local host (which runs the functions in Node); read once per
// process.
import type { FeedbackPdfFonts } from '@sync/rules/feedback/pdf.ts'

type ReadFile = (url: URL) => Promise<Uint8Array>

let fonts: Promise<FeedbackPdfFonts> | null = null

async function fileReader(): Promise<ReadFile> {
  const deno = (globalThis as { Deno?: { readFile: ReadFile } }).Deno
  if (deno) return (url) => deno.readFile(url)
  // A specifier in a variable: Deno's type check does not follow it, and Node resolves it.
  const nodeFs = 'node:fs/promises'
  const { readFile } = (await import(nodeFs)) as { readFile: ReadFile }
  return readFile
}

export function feedbackFonts(): Promise<FeedbackPdfFonts> {
  fonts ??= fileReader().then(async (read) => {
    const [regular, bold] = await Promise.all([
      read(new URL('./fonts/NotoSansDevanagari-Regular.ttf', import.meta.url)),
      read(new URL('./fonts/NotoSansDevanagari-Bold.ttf', import.meta.url)),
    ])
    return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) }
  })
  // A failed read is tried again on the next message rather than kept.
  fonts.catch(() => (fonts = null))
  return fonts
}
