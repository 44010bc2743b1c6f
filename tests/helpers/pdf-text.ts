// A PDF's text page by page, as a PDF reader extracts it (pdf.js, through the fonts' ToUnicode
// maps): what a person copying text out of the PDF would get.

// pdf.js expects Promise.withResolvers (Node 22); the project runs on Node 20.
const promises = Promise as unknown as { withResolvers?: () => unknown }
promises.withResolvers ??= () => {
  let resolve: unknown, reject: unknown
  const promise = new Promise((yes, no) => ((resolve = yes), (reject = no)))
  return { promise, resolve, reject }
}

export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = getDocument({ data: pdf.slice(), useSystemFonts: false })
  const doc = await task.promise
  const pages: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'))
  }
  await task.destroy()
  return pages
}
