import {describe, expect, it} from 'vitest'
import {
  ALLOWED_TYPES_LIST,
  ALLOWED_TYPES_TEXT,
  DOCUMENT_ACCEPT,
  DOCUMENT_MIME_TYPES,
  FILES_SKIPPED_MESSAGE,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_MB,
  MAX_DOCUMENTS,
  UPLOAD_CHUNK_BYTES,
  checkFiles,
  chunkCount,
  documentTypeByName,
  extensionOf,
  formatFileSize,
  rejectReason,
} from '#schemas/rules/documents'

const MB = 1024 * 1024
const file = (name: string, size = 1000, type = '') => ({name, size, type})

describe('document rule constants', () => {
  it('uses the spec limits and message', () => {
    expect(MAX_DOCUMENT_BYTES).toBe(10 * 1024 * 1024)
    expect(MAX_DOCUMENTS).toBe(5)
    expect(FILES_SKIPPED_MESSAGE).toBe('Some files were skipped (allowed: PDF, DOC/DOCX, JPG, PNG; max 10MB each).')
    expect(DOCUMENT_ACCEPT).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png')
  })
  it('derives the texts and the MIME list from DOCUMENT_TYPES', () => {
    expect(ALLOWED_TYPES_LIST).toBe('PDF, DOC/DOCX, JPG, PNG')
    expect(ALLOWED_TYPES_TEXT).toBe('PDF, DOC/DOCX, JPG or PNG')
    expect(MAX_DOCUMENT_MB).toBe(10)
    expect(DOCUMENT_MIME_TYPES).toEqual([
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/jpeg',
      'image/png',
    ])
  })
  it('keeps chunks under the 6 MB a Netlify function accepts', () => {
    expect(UPLOAD_CHUNK_BYTES).toBe(4 * MB)
    expect(chunkCount(1)).toBe(1)
    expect(chunkCount(4 * MB)).toBe(1)
    expect(chunkCount(4 * MB + 1)).toBe(2)
    expect(chunkCount(9 * MB)).toBe(3)
    expect(chunkCount(MAX_DOCUMENT_BYTES)).toBe(3)
  })
})

describe('type by extension and MIME type', () => {
  it.each([
    ['passport.pdf', 'application/pdf'],
    ['CV.DOC', 'application/msword'],
    ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['scan.png', 'image/png'],
    ['scan.png', ''],
    ['scan.pdf', 'application/octet-stream'],
  ])('accepts %s (%s)', (name, type) => {
    expect(rejectReason(file(name, 1000, type))).toBeNull()
  })
  it.each([
    ['photo.gif', 'image/gif'],
    ['notes.txt', 'text/plain'],
    ['setup.exe', 'application/pdf'],
    ['archive.zip', ''],
    ['pdf', 'application/pdf'],
    ['.pdf', 'application/pdf'],
    ['scan.pdf', 'image/png'],
    ['photo.png', 'image/jpeg'],
    ['letter.docx', 'application/msword'],
  ])('rejects %s (%s)', (name, type) => {
    expect(rejectReason(file(name, 1000, type))).toBe('type')
  })
  it('reads extensions case-insensitively', () => {
    expect(extensionOf('A.Report.PDF')).toBe('.pdf')
    expect(extensionOf('noextension')).toBe('')
    expect(documentTypeByName('x.jpeg')?.kind).toBe('jpg')
    expect(documentTypeByName('x.doc')?.detectedAs).toBe('cfb')
  })
})

describe('size', () => {
  it('accepts exactly 10 MB and rejects one byte more', () => {
    expect(rejectReason(file('a.pdf', 10 * 1024 * 1024))).toBeNull()
    expect(rejectReason(file('a.pdf', 10 * 1024 * 1024 + 1))).toBe('size')
  })
  it('rejects empty files', () => {
    expect(rejectReason(file('a.pdf', 0))).toBe('empty')
  })
})

describe('checkFiles', () => {
  it('drops the 6th file', () => {
    const files = Array.from({length: 6}, (_, i) => file(`doc-${i + 1}.pdf`))
    const {accepted, skipped} = checkFiles(files)
    expect(accepted.map((f) => f.name)).toEqual(['doc-1.pdf', 'doc-2.pdf', 'doc-3.pdf', 'doc-4.pdf', 'doc-5.pdf'])
    expect(skipped).toEqual([{file: files[5], reason: 'limit'}])
  })
  it('counts the documents already attached', () => {
    const {accepted, skipped} = checkFiles([file('a.pdf'), file('b.pdf'), file('c.pdf')], 3)
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf'])
    expect(skipped.map((s) => [s.file.name, s.reason])).toEqual([['c.pdf', 'limit']])
    expect(checkFiles([file('a.pdf')], 5).accepted).toEqual([])
  })
  it('skips invalid files without using up a place, reporting each reason', () => {
    const files = [file('a.gif', 10, 'image/gif'), file('big.pdf', MAX_DOCUMENT_BYTES + 1), ...Array.from({length: 5}, (_, i) => file(`ok-${i}.png`))]
    const {accepted, skipped} = checkFiles(files)
    expect(accepted).toHaveLength(5)
    expect(skipped.map((s) => s.reason)).toEqual(['type', 'size'])
  })
  it('accepts everything valid within the limit', () => {
    expect(checkFiles([file('a.pdf'), file('b.docx')]).skipped).toEqual([])
  })
})

describe('formatFileSize', () => {
  it('formats bytes, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B')
    expect(formatFileSize(2048)).toBe('2 KB')
    expect(formatFileSize(2.4 * MB)).toBe('2.4 MB')
    expect(formatFileSize(10 * MB)).toBe('10 MB')
  })
})
