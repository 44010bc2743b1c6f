/** cyrb53: a fast 53-bit string hash, as 14 hex digits. */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}

/**
 * An absence's id is the same on every device (the child, the day, and the lesson or the whole
 * day), so two facilitators marking the same child offline make one record, not two. Hashed
 * (106 bits) so that long ids of children and lessons still fit the 64 characters of an id.
 */
export function absenceId(studentId: string, date: string, lessonId: string | null): string {
  const key = `${studentId}|${date}|${lessonId ?? 'day'}`
  return `ab_${date}_${hash53(key, 1)}${hash53(key, 2)}`
}
