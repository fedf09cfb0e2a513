/**
 * Tiny documents built in memory for the upload tests (no binary fixtures in the repository):
 * just enough of each format for magic-byte detection.
 */
import {crc32} from 'node:zlib'

const encoder = new TextEncoder()

/** A minimal PDF (header, one object, trailer), padded with spaces to `size` bytes if given. */
export function pdfBytes(size?: number): Uint8Array<ArrayBuffer> {
  const text = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'
  return pad(encoder.encode(text), size)
}

/** PNG signature and an IHDR chunk header. */
export function pngBytes(size?: number): Uint8Array<ArrayBuffer> {
  const head = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
  return pad(head, size)
}

/** JPEG SOI + JFIF APP0 marker. */
export function jpgBytes(size?: number): Uint8Array<ArrayBuffer> {
  const head = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00])
  return pad(head, size)
}

/** An OLE2 / Compound File Binary container (what a Word 97-2003 .doc is). */
export function docBytes(size = 1024): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size)
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
  return bytes
}

/** A real (stored, uncompressed) zip with the entries of a Word .docx. */
export function docxBytes(): Uint8Array<ArrayBuffer> {
  return zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/document.xml',
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Passport</w:t></w:r></w:p></w:body></w:document>',
    ],
  ])
}

/** A plain zip that is not an Office document. */
export function plainZipBytes(): Uint8Array<ArrayBuffer> {
  return zip([['readme.txt', 'hello']])
}

/** A stored (method 0) zip archive of text entries, with central directory. */
export function zip(entries: Array<[name: string, text: string]>): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array<ArrayBuffer>[] = []
  const centrals: Uint8Array<ArrayBuffer>[] = []
  let offset = 0
  for (const [name, text] of entries) {
    const nameBytes = encoder.encode(name)
    const data = encoder.encode(text)
    const crc = crc32(data)
    const local = new Uint8Array(30 + nameBytes.length + data.length)
    const lv = new DataView(local.buffer)
    lv.setUint32(0, 0x04034b50, true)
    lv.setUint16(4, 20, true)
    lv.setUint32(14, crc, true)
    lv.setUint32(18, data.length, true)
    lv.setUint32(22, data.length, true)
    lv.setUint16(26, nameBytes.length, true)
    local.set(nameBytes, 30)
    local.set(data, 30 + nameBytes.length)
    const central = new Uint8Array(46 + nameBytes.length)
    const cv = new DataView(central.buffer)
    cv.setUint32(0, 0x02014b50, true)
    cv.setUint16(4, 20, true)
    cv.setUint16(6, 20, true)
    cv.setUint32(16, crc, true)
    cv.setUint32(20, data.length, true)
    cv.setUint32(24, data.length, true)
    cv.setUint16(28, nameBytes.length, true)
    cv.setUint32(42, offset, true)
    central.set(nameBytes, 46)
    locals.push(local)
    centrals.push(central)
    offset += local.length
  }
  const centralSize = centrals.reduce((sum, c) => sum + c.length, 0)
  const end = new Uint8Array(22)
  const ev = new DataView(end.buffer)
  ev.setUint32(0, 0x06054b50, true)
  ev.setUint16(8, entries.length, true)
  ev.setUint16(10, entries.length, true)
  ev.setUint32(12, centralSize, true)
  ev.setUint32(16, offset, true)
  return concat([...locals, ...centrals, end])
}

export function concat(parts: Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

function pad(head: Uint8Array<ArrayBuffer>, size?: number): Uint8Array<ArrayBuffer> {
  if (size === undefined || size <= head.length) return head
  const out = new Uint8Array(size).fill(0x20)
  out.set(head)
  return out
}
