import { describe, expect, it } from 'vitest'
import { fileProblem, sizeLabel, sortFiles, storedName, type StoredFile } from './files'

const f = (name: string, size: number, created: string): StoredFile => ({
  name,
  size,
  created,
  type: 'image/png',
  url: `https://x/${name}`,
})

describe('files pane', () => {
  it.each([
    [0, '0.00 MB'],
    [1_048_576, '1.00 MB'],
    [1_572_864, '1.50 MB'],
    [12_345, '0.01 MB'],
  ])('%i bytes read %s (F38)', (bytes, label) => expect(sizeLabel(bytes)).toBe(label))

  const files = [
    f('b.png', 300, '2026-11-01T10:00:00Z'),
    f('A.png', 100, '2026-11-03T10:00:00Z'),
    f('c.png', 200, '2026-11-02T10:00:00Z'),
  ]
  it.each([
    ['created', ['A.png', 'c.png', 'b.png']],
    ['name', ['A.png', 'b.png', 'c.png']],
    ['size', ['b.png', 'c.png', 'A.png']],
  ] as const)('sorts by %s (F39)', (by, order) => {
    expect(sortFiles(files, by).map((x) => x.name)).toEqual(order)
  })

  it.each([
    [{ name: 'a.png', type: 'image/png', size: 10 }, null],
    [
      { name: 'a.pdf', type: 'application/pdf', size: 10 },
      'a.pdf is not an image the app can show (PNG, JPEG, GIF or WebP).',
    ],
    [
      { name: 'big.jpg', type: 'image/jpeg', size: 6 * 1024 * 1024 },
      'big.jpg is 6.00 MB; files can be at most 5.00 MB.',
    ],
    [{ name: 'e.gif', type: 'image/gif', size: 0 }, 'e.gif is empty.'],
  ])('%j: %s', (file, problem) => expect(fileProblem(file)).toBe(problem))

  it.each([
    ['Annual Day 2026.JPG', 'annual-day-2026-x1.jpg'],
    ['my_photo (1).png', 'my-photo-1-x1.png'],
    ['???.webp', 'file-x1.webp'],
    ['noext', 'noext-x1'],
  ])('stores %s as %s', (original, stored) => expect(storedName(original, 'x1')).toBe(stored))
})
