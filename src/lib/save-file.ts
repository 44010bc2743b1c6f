/** Saves a file the app made (a receipt, a CSV) through the browser's download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  // The download has started by then; the object URL is only released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
