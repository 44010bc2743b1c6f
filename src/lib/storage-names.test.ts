import { describe, expect, it } from 'vitest'
import { coverCrop, sniffedType, thumbnailPath } from './storage-names'

describe('files in storage', () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 'image/gif'],
    [[0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], 'image/webp'],
    [[0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45], null],
    [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf'],
    [[0x4d, 0x5a], null],
    [[], null],
  ])('recognises %j as %s by its first bytes', (bytes, type) => {
    expect(sniffedType(new Uint8Array(bytes))).toBe(type)
  })

  it("keeps an image's thumbnail in the folder's thumbnails (I37)", () => {
    expect(thumbnailPath('inquiries/Smith/a.png')).toBe('inquiries/Smith/thumbnails/a_200x200.webp')
    expect(thumbnailPath('a.b.jpeg')).toBe('thumbnails/a.b_200x200.webp')
  })

  it("crops a thumbnail from the image's middle", () => {
    expect(coverCrop(400, 200)).toEqual({ x: 100, y: 0, side: 200 })
    expect(coverCrop(300, 901)).toEqual({ x: 0, y: 300, side: 300 })
  })
})
