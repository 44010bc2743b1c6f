import { describe, expect, it } from 'vitest'
import {
  documentProblem,
  inquiryFileEntry,
  inquiryFilePath,
  inquiryFolder,
  MAX_DOCUMENT_BYTES,
  pathsToRemove,
} from './inquiry-files'

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37])
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00])

describe("an inquiry's files", () => {
  it('go under the family name, then the inquiry (I35, I36)', () => {
    expect(inquiryFolder('Smith', 'inq-1')).toBe('inquiries/Smith/inq-1')
    expect(inquiryFolder("D'Souza  Fernandes", 'inq-2')).toBe('inquiries/DSouza-Fernandes/inq-2')
    expect(inquiryFolder('Gonçalves', 'inq/../3')).toBe('inquiries/Goncalves/inq3')
    expect(inquiryFolder('../..', 'x')).toBe('inquiries/family/x')
    expect(inquiryFilePath('Smith', 'inq-1', 'Birth Certificate.PDF', 'k1')).toBe(
      'inquiries/Smith/inq-1/birth-certificate-k1.pdf',
    )
  })

  it('are recorded with their name, extension, who uploaded them and when (H12)', () => {
    expect(
      inquiryFileEntry(
        'inquiries/Smith/inq-1/report-k1.pdf',
        'Report.PDF',
        'Asha Rao',
        new Date('2026-11-27T05:00:00Z'),
      ),
    ).toEqual({
      fileURL: 'inquiries/Smith/inq-1/report-k1.pdf',
      fileName: 'Report.PDF',
      fileExtension: 'pdf',
      uploadedBy: 'Asha Rao',
      uploadedOn: '2026-11-27T05:00:00.000Z',
    })
  })

  it('take a PDF or an image whose bytes are what it claims', () => {
    expect(documentProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 }, PDF)).toBeNull()
    expect(documentProblem({ name: 'a.png', type: 'image/png', size: 10 }, PNG)).toBeNull()
  })

  it.each([
    [{ name: 'e.pdf', type: 'application/pdf', size: 0 }, PDF, 'e.pdf is empty.'],
    [
      { name: 'big.pdf', type: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 },
      PDF,
      'big.pdf is 10.0 MB; a file can be at most 10.0 MB.',
    ],
    [
      { name: 'notes.docx', type: 'application/msword', size: 10 },
      PDF,
      'notes.docx is not a PDF or an image (PNG, JPEG, GIF or WebP).',
    ],
    [
      { name: 'setup.pdf', type: 'application/pdf', size: 10 },
      EXE,
      'setup.pdf is not the PDF it claims to be.',
    ],
    [
      { name: 'photo.png', type: 'image/png', size: 10 },
      PDF,
      'photo.png is not the PNG it claims to be.',
    ],
  ])('refuse %j', (file, head, message) => {
    expect(documentProblem(file, head)).toBe(message)
  })

  it("remove an image's thumbnail with it, and only the file otherwise (I39)", () => {
    const entry = inquiryFileEntry('inquiries/Smith/i/a-k1.png', 'a.png', 'A', new Date())
    expect(pathsToRemove(entry)).toEqual([
      'inquiries/Smith/i/a-k1.png',
      'inquiries/Smith/i/thumbnails/a-k1_200x200.webp',
    ])
    const pdf = inquiryFileEntry('inquiries/Smith/i/b-k1.pdf', 'b.pdf', 'A', new Date())
    expect(pathsToRemove(pdf)).toEqual(['inquiries/Smith/i/b-k1.pdf'])
  })
})
