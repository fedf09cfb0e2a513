/**
 * The receipt PDF — real text read back with poppler's `pdftotext` (every field, the
 * sandbox label, long lines wrapped, names in other scripts), A4, fonts embedded (`pdffonts`).
 * The poppler tools are run as child processes on a temporary file.
 */
import {execFileSync, spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {PDFDocument} from 'pdf-lib'
import {afterAll, describe, expect, it} from 'vitest'
import {A4_POINTS, receiptFileName, renderReceiptPdf, type ReceiptPdfInput} from '#netlify/services/receipts/receipt-pdf'

const dir = mkdtempSync(join(tmpdir(), 'receipt-pdf-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

const has = (tool: string) => spawnSync(tool, ['-v']).error === undefined

const REFUND_POLICY = 'All payments for courses and services are final and non-refundable.'

const input = (overrides: Partial<ReceiptPdfInput> = {}): ReceiptPdfInput => ({
  provider: {
    name: 'Maritime Training & Certification',
    address: 'Ajman Free Zone\nAjman, United Arab Emirates',
    phone: '+971 6 000 0000',
    email: 'admissions@maritime-training.example',
  },
  receiptNumber: 'MTC-2026-00042',
  paidAt: '2026-11-24T10:05:00.000Z',
  candidate: {name: 'Maria Santos', email: 'maria.santos@example.com', mobile: '+63 917 123 4567'},
  programme: 'STCW Courses',
  course: 'ECDIS',
  amountMinor: 45000,
  currency: 'USD',
  paymentId: 'pay_Q1w2E3r4T5y6U7',
  orderId: 'order_Q1w2E3r4T5y6U7',
  sandbox: false,
  refundPolicy: REFUND_POLICY,
  ...overrides,
})

let files = 0
/** Writes the PDF and returns its text (pdftotext -layout), failing on anything poppler complains about. */
function extract(bytes: Uint8Array): {text: string; path: string} {
  const path = join(dir, `receipt-${++files}.pdf`)
  writeFileSync(path, bytes)
  const result = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], {encoding: 'utf8'})
  expect(result.status, result.stderr).toBe(0)
  expect(result.stderr).toBe('')
  return {text: result.stdout, path}
}

/** Collapses runs of spaces (the -layout columns) so a row reads "Label value". */
const rows = (text: string) => text.replace(/[ \t]+/g, ' ')

// Outside CI a machine without poppler skips these; CI installs it (.ci/run), so there they always run.
describe.runIf(has('pdftotext') || Boolean(process.env.CI))('renderReceiptPdf', () => {
  it('prints every field as real text: provider, receipt number, time paid (Dubai), candidate, course, amount, ids, method, refund policy', async () => {
    const bytes = await renderReceiptPdf(input())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const {text} = extract(bytes)
    const flat = rows(text)
    for (const expected of [
      'Maritime Training & Certification',
      'Ajman Free Zone',
      'Ajman, United Arab Emirates',
      'Phone: +971 6 000 0000',
      'E-mail: admissions@maritime-training.example',
      'Receipt number MTC-2026-00042',
      'Date and time paid 24 November 2026, 14:05 (Dubai time, UTC+4)',
      'Candidate Maria Santos',
      'E-mail maria.santos@example.com',
      'Mobile +63 917 123 4567',
      'Programme STCW Courses',
      'Course ECDIS',
      'Amount paid USD 450.00',
      'Payment method Card via Razorpay',
      'Payment ID pay_Q1w2E3r4T5y6U7',
      'Order ID order_Q1w2E3r4T5y6U7',
      REFUND_POLICY,
    ]) {
      expect(flat, expected).toContain(expected)
    }
    expect(flat).not.toMatch(/sandbox|test/i)
    expect(receiptFileName('MTC-2026-00042')).toBe('receipt-MTC-2026-00042.pdf')
  })

  it('prints the batch line when the enrolment has a batch, and no Batch row without one', async () => {
    const flat = rows(extract(await renderReceiptPdf(input({batch: '12–16 Jan 2027 · Mumbai · Training Centre, Andheri East'}))).text)
    expect(flat).toContain('Batch 12–16 Jan 2027 · Mumbai · Training Centre, Andheri East')
    expect(rows(extract(await renderReceiptPdf(input())).text)).not.toMatch(/^\s*Batch /m)
  })

  it('labels a sandbox payment visibly: banner, payment method and footer', async () => {
    const {text} = extract(await renderReceiptPdf(input({sandbox: true, paymentId: 'pay_sandbox_AAAAAAAAAAAAAA'})))
    const flat = rows(text)
    expect(flat).toContain('SANDBOX (TEST) PAYMENT: NOT A VALID RECEIPT')
    expect(flat).toContain('Payment method Sandbox (test) payment')
    expect(flat).toContain('Sandbox (test) payment: this document is a test and is not proof of payment.')
    expect(flat).not.toContain('Card via Razorpay')
  })

  it('is A4 portrait with its fonts embedded', async () => {
    const bytes = await renderReceiptPdf(input())
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(1)
    const {width, height} = doc.getPage(0).getSize()
    expect(width).toBeCloseTo(A4_POINTS.width, 2)
    expect(height).toBeCloseTo(A4_POINTS.height, 2)
    expect([width, height]).toEqual([595.28, 841.89])
    expect(doc.getTitle()).toBe('Receipt MTC-2026-00042')
    if (!has('pdffonts')) return
    const {path} = extract(bytes)
    const fonts = execFileSync('pdffonts', [path], {encoding: 'utf8'}).trim().split('\n').slice(2)
    expect(fonts.length).toBeGreaterThanOrEqual(2) // regular and bold
    for (const line of fonts) {
      expect(line).toMatch(/^NotoSans-(Regular|Bold)/)
      // name, type (2 words), encoding, then emb sub uni
      expect(line.split(/\s+/).slice(4, 7), line).toEqual(['yes', 'no', 'yes'])
    }
  })

  it('wraps long values within the page and prints names in other scripts', async () => {
    const course = 'Electronic Chart Display and Information System (ECDIS) generic course with a very long name that must wrap onto further lines'
    const {text} = extract(
      await renderReceiptPdf(
        input({candidate: {name: 'Nguyễn Văn Ánh Дмитрий Ελένη', email: 'anh@example.com', mobile: '+84 90 123 4567'}, course, country: 'Vietnam'}),
      ),
    )
    const flat = rows(text)
    expect(flat).toContain('Candidate Nguyễn Văn Ánh Дмитрий Ελένη')
    expect(flat).toContain('Jurisdiction Vietnam')
    // Every word of the course is there, over more than one line, none cut off at the margin.
    const courseLines = text.split('\n').filter((line) => /ECDIS|wrap onto|further lines/.test(line))
    expect(courseLines.length).toBeGreaterThan(1)
    expect(rows(text.replace(/\n\s+/g, ' '))).toContain(course)
    for (const line of text.split('\n')) expect(line.length, line).toBeLessThan(140)
  })

  it('moves a long refund policy onto a second page rather than off the page', async () => {
    const policy = Array.from({length: 60}, (_, i) => `Clause ${i + 1}: ${REFUND_POLICY}`).join(' ')
    const bytes = await renderReceiptPdf(input({refundPolicy: policy.slice(0, 2000)}))
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2)
    expect(rows(extract(bytes).text)).toContain('Clause 1: All payments')
  })

  it('refuses invalid input', async () => {
    await expect(renderReceiptPdf(input({receiptNumber: 'MTC-2026-1\r\nX'}))).rejects.toThrow(/receipt number/)
    await expect(renderReceiptPdf(input({amountMinor: 12.5}))).rejects.toThrow()
    await expect(renderReceiptPdf(input({paidAt: 'yesterday'}))).rejects.toThrow()
  })
})
