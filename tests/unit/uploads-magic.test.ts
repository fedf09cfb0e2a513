import {describe, expect, it} from 'vitest'
import {detectContentType, verifyContent} from '#netlify/services/uploads/uploads'
import {docBytes, docxBytes, jpgBytes, pdfBytes, plainZipBytes, pngBytes} from './uploads-fixtures'

describe('magic-byte detection (file-type)', () => {
  it('recognises each allowed format', async () => {
    expect(await detectContentType(pdfBytes())).toBe('pdf')
    expect(await detectContentType(pngBytes())).toBe('png')
    expect(await detectContentType(jpgBytes())).toBe('jpg')
    expect(await detectContentType(docxBytes())).toBe('docx')
    expect(await detectContentType(docBytes())).toBe('cfb')
    expect(await detectContentType(new TextEncoder().encode('just some text'))).toBeNull()
  })
})

describe('verifyContent: content must be the type the name claims', () => {
  it.each([
    ['passport.pdf', pdfBytes(), 'application/pdf'],
    ['photo.png', pngBytes(), 'image/png'],
    ['photo.jpg', jpgBytes(), 'image/jpeg'],
    ['photo.jpeg', jpgBytes(), 'image/jpeg'],
    ['letter.docx', docxBytes(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['letter.doc', docBytes(), 'application/msword'],
  ])('accepts %s', async (name, bytes, mime) => {
    expect(await verifyContent(name, bytes)).toBe(mime)
  })

  it.each([
    ['a .pdf that is really a PNG', 'passport.pdf', pngBytes()],
    ['a .png that is really a JPEG', 'photo.png', jpgBytes()],
    ['a CFB container named .docx', 'letter.docx', docBytes()],
    ['a CFB container named .pdf', 'letter.pdf', docBytes()],
    ['a docx named .doc', 'letter.doc', docxBytes()],
    ['a plain zip named .docx', 'letter.docx', plainZipBytes()],
    ['text named .pdf', 'notes.pdf', new TextEncoder().encode('hello, not a pdf')],
    ['a PDF with a disallowed name', 'passport.exe', pdfBytes()],
  ])('rejects %s', async (_label, name, bytes) => {
    expect(await verifyContent(name, bytes)).toBeNull()
  })
})
