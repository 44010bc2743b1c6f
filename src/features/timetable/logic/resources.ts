/** The file extension a resource link points to ('pdf' for .../worksheet.pdf), if any. */
export function extensionOf(link: string): string | undefined {
  const path = link.split(/[?#]/)[0] ?? ''
  const last = path.split('/').pop() ?? ''
  const match = /\.([a-z0-9]{1,8})$/i.exec(last)
  return match && !/^(html?|php|aspx?)$/i.test(match[1]!) ? match[1]!.toLowerCase() : undefined
}
