/**
 * docs/requirements.md#req-issue-20-pdf: the certificate PDF on its own — A4 landscape,
 * one page, fonts embedded (`pdffonts`), every field as real text (`pdftotext`), "Does not expire",
 * no approval line without an approval number, a name in another script, a long course name
 * wrapped, the REVOKED line, the same bytes for the same certificate, and the QR code decoded to
 * the verify URL (tests/helpers/pdf-qr.ts).
 */
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {PDFDocument} from 'pdf-lib'
import {afterAll, describe, expect, it} from 'vitest'
import {A4_LANDSCAPE_POINTS, renderCertificatePdf, type CertificatePdfInput} from '#netlify/services/certificates/certificate-pdf'
import {decodePdfQrCodes} from '../helpers/pdf-qr'

const dir = mkdtempSync(join(tmpdir(), 'certificate-pdf-unit-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

const input = (overrides: Partial<CertificatePdfInput> = {}): CertificatePdfInput => ({
  provider: {
    name: 'Maritime Training & Certification',
    address: 'Ajman Free Zone\nAjman, United Arab Emirates',
    phone: '+971 6 000 0000',
    email: 'admissions@maritime-training.example',
    signatoryName: 'Capt. Arjun Nair',
    signatoryTitle: 'Director of Training',
    approvalNumber: 'DGS/MTI/2006/042',
  },
  number: 'MTC-BOSIET-2026-00007',
  holderName: 'Rahul Mehta',
  dateOfBirth: '1990-03-12',
  idNumber: '12AB3456',
  courseName: 'Basic Offshore Safety Induction and Emergency Training',
  courseStart: '2026-11-30',
  courseEnd: '2026-12-02',
  issuedOn: '2026-12-03',
  expiresOn: '2031-12-03',
  verifyUrl: 'https://www.example.com/verify/MTC-BOSIET-2026-00007',
  ...overrides,
})

let files = 0
function poppler(tool: 'pdftotext' | 'pdffonts', bytes: Uint8Array): string {
  const path = join(dir, `c-${++files}.pdf`)
  writeFileSync(path, bytes)
  const args = tool === 'pdftotext' ? ['-layout', '-enc', 'UTF-8', path, '-'] : [path]
  const result = spawnSync(tool, args, {encoding: 'utf8'})
  expect(result.status, result.stderr).toBe(0)
  expect(result.stderr).toBe('')
  return result.stdout
}
const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('the certificate PDF', () => {
  it('is one A4 landscape page with every field as real text in embedded fonts, and a QR code to the verify URL', async () => {
    const bytes = await renderCertificatePdf(input())
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(1)
    const {width, height} = doc.getPage(0).getSize()
    expect([width, height]).toEqual([A4_LANDSCAPE_POINTS.width, A4_LANDSCAPE_POINTS.height])
    expect(doc.getTitle()).toBe('Certificate MTC-BOSIET-2026-00007')

    const text = flat(poppler('pdftotext', bytes))
    for (const field of [
      'Maritime Training & Certification',
      'Approval No. DGS/MTI/2006/042',
      'Certificate of Training',
      'Rahul Mehta',
      'Date of birth: 12 Mar 1990',
      'INDoS / passport no.: 12AB3456',
      'Basic Offshore Safety Induction and Emergency Training',
      'Course dates: 30 Nov – 2 Dec 2026',
      'Certificate number MTC-BOSIET-2026-00007',
      `Date of issue ${'3 Dec 2026'}`,
      'Valid until 3 Dec 2031',
      'Capt. Arjun Nair',
      'Director of Training',
      'https://www.example.com/verify/MTC-BOSIET-2026-00007',
    ])
      expect(text, field).toContain(field)
    expect(text).not.toContain('REVOKED')

    const fonts = poppler('pdffonts', bytes).split('\n').slice(2).filter(Boolean)
    expect(fonts.length).toBeGreaterThan(0)
    for (const line of fonts) expect(line, line).toMatch(/\byes\s+(?:yes|no)\s+yes\s+\d+\s+\d+$/) // embedded, (subset), Unicode map

    expect(await decodePdfQrCodes(bytes)).toEqual(['https://www.example.com/verify/MTC-BOSIET-2026-00007'])
  })

  it('says "Does not expire" without an expiry day, leaves out a missing approval number and ID, and prints other scripts', async () => {
    const bytes = await renderCertificatePdf(
      input({expiresOn: null, idNumber: null, holderName: 'Nguyễn Văn An', provider: {...input().provider, approvalNumber: null}}),
    )
    const text = flat(poppler('pdftotext', bytes))
    expect(text).toContain('Valid until Does not expire')
    expect(text).toContain('Nguyễn Văn An')
    expect(text).not.toContain('Approval No.')
    expect(text).not.toContain('INDoS')
  })

  it('wraps a long course name, marks a revoked certificate, and renders the same bytes twice', async () => {
    const long = 'Certificate of Competency: Master / Chief Officer, Unlimited Tonnage, with Advanced Fire Fighting and Medical Care Endorsements'
    const bytes = await renderCertificatePdf(input({courseName: long, revokedOn: '2027-01-05'}))
    const text = poppler('pdftotext', bytes)
    expect(flat(text)).toContain(long)
    expect(text.split('\n').filter((line) => /Certificate of Competency|Endorsements/.test(line))).toHaveLength(2)
    expect(flat(text)).toContain('REVOKED on 5 Jan 2027')
    expect(await renderCertificatePdf(input())).toEqual(await renderCertificatePdf(input()))
  })

  it('sets a long name smaller so it stays on the page', async () => {
    const holderName = 'Maria Fernanda Concepción de los Santos Villanueva-Rodríguez y Montenegro Alcántara Buenaventura'
    const bytes = await renderCertificatePdf(input({holderName}))
    expect(flat(poppler('pdftotext', bytes))).toContain(holderName)
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1)
  })

  it('refuses input that is not a certificate (a ZodError)', async () => {
    await expect(renderCertificatePdf(input({number: 'MTC-2026-00001'}))).rejects.toThrow(/Not a certificate number/)
    await expect(renderCertificatePdf(input({issuedOn: '2026-02-30'}))).rejects.toThrow()
  })
})
