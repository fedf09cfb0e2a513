/**
 * The receipt PDF the candidate receives with the receipt e-mail: A4 portrait
 * (595.28 × 841.89 pt), real text in embedded Noto Sans (./pdf-text.ts; selectable, read back
 * by pdftotext), long values wrapped, a second page when the refund policy needs it.
 *
 * It prints: the provider's name, address and contact (site settings); the receipt number; the
 * date and time paid (Asia/Dubai); the candidate's name, e-mail and mobile; programme and
 * course (and jurisdiction, when given); the amount with its currency ("USD 450.00"); the
 * payment id and order id; the payment method ("Card via Razorpay", or "Sandbox (test)
 * payment" — then also a red banner at the top and a footer line, so a test receipt can never
 * pass for a real one); the refund policy sentence from the legal content.
 *
 * Served and attached as `application/pdf` named receiptFileName(receiptNumber),
 * `receipt-{receiptNumber}.pdf`.
 */
import {PDFDocument, rgb, type PDFPage} from 'pdf-lib'
import {z} from 'zod'
import {RECEIPT_NUMBER_PATTERN} from '#schemas/rules/receipt-number'
import {formatAmountMinor, formatProviderDateTime, paymentMethodLabel, SANDBOX_PAYMENT_LABEL} from '#schemas/rules/receipt-format'
import {describeDocument, Typesetter, type Weight} from './pdf-text'

/** The media type of a receipt. */
export const RECEIPT_CONTENT_TYPE = 'application/pdf'

/** A4 portrait in PDF points (1/72 inch). */
export const A4_POINTS = {width: 595.28, height: 841.89} as const

/** The file name of the receipt `receiptNumber`: `receipt-MTC-2026-00001.pdf`. */
export const receiptFileName = (receiptNumber: string): string => `receipt-${receiptNumber}.pdf`

const text = (max: number) => z.string().trim().min(1).max(max)

/** The provider as receipts and e-mails print it (the site settings' company name and contact). */
export const ReceiptProviderSchema = z.object({
  name: text(200),
  /** Postal address; line breaks are kept. */
  address: text(500),
  phone: text(60),
  email: text(254),
})
export type ReceiptProvider = z.infer<typeof ReceiptProviderSchema>

/**
 * What a receipt prints. `amountMinor` is the amount paid in minor units (cents for USD, an
 * integer ≥ 0), `currency` an ISO 4217 code; `paidAt` ISO 8601 with a zone (the enrolment's
 * paidAt); `sandbox` true for a payment through the local sandbox gateway; `refundPolicy` the
 * sentence(s) of the legal content; `country` the jurisdiction's name (competency), optional.
 */
export const ReceiptPdfInputSchema = z.object({
  provider: ReceiptProviderSchema,
  receiptNumber: z.string().regex(RECEIPT_NUMBER_PATTERN, 'Not a receipt number'),
  paidAt: z.string().datetime({offset: true}),
  candidate: z.object({name: text(200), email: text(254), mobile: text(40)}),
  programme: text(200),
  course: text(200),
  country: z.string().trim().max(120).optional(),
  /** The enrolment's batch in one line (schemas/rules/batches.ts enrolmentBatchText): "12–16 Jan 2027 · Mumbai · venue"; absent without one. */
  batch: z.string().trim().max(300).optional(),
  amountMinor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Za-z]{3}$/, 'Not a currency code'),
  paymentId: text(100),
  orderId: text(100),
  sandbox: z.boolean(),
  refundPolicy: text(2000),
})
export type ReceiptPdfInput = z.input<typeof ReceiptPdfInputSchema>

const MARGIN = 50
const LABEL_WIDTH = 150
const CONTENT_WIDTH = A4_POINTS.width - 2 * MARGIN
const BLACK = rgb(0.1, 0.1, 0.12)
const GREY = rgb(0.4, 0.4, 0.45)
const RULE = rgb(0.8, 0.8, 0.83)
const SANDBOX_RED = rgb(0.72, 0.08, 0.08)
const WHITE = rgb(1, 1, 1)

/** A cursor down A4 pages (50 pt margins): adds a page when the next block does not fit. Also used by the exam results PDF (../exam-results-pdf.ts). */
export class Flow {
  page: PDFPage
  y: number

  constructor(
    private readonly doc: PDFDocument,
    readonly type: Typesetter,
  ) {
    this.page = doc.addPage([A4_POINTS.width, A4_POINTS.height])
    this.y = A4_POINTS.height - MARGIN
  }

  /** Makes room for `height` points, on a new page if needed. */
  need(height: number): void {
    if (this.y - height >= MARGIN) return
    this.page = this.doc.addPage([A4_POINTS.width, A4_POINTS.height])
    this.y = A4_POINTS.height - MARGIN
  }

  /** Wrapped text at `x`, `width` wide; moves the cursor below it. */
  async paragraph(value: string, options: {size: number; weight?: Weight; color?: ReturnType<typeof rgb>; x?: number; width?: number; gap?: number}) {
    const weight = options.weight ?? 'regular'
    const leading = options.size * 1.4
    for (const line of await this.type.wrap(value, weight, options.size, options.width ?? CONTENT_WIDTH)) {
      this.need(leading)
      this.y -= leading
      await this.type.draw(this.page, line, {x: options.x ?? MARGIN, y: this.y + options.size * 0.3, size: options.size, weight, color: options.color ?? BLACK})
    }
    this.y -= options.gap ?? 0
  }

  /** A label and its (wrapped) value side by side. */
  async row(label: string, value: string, valueWeight: Weight = 'regular') {
    const size = 10.5
    const leading = size * 1.45
    const lines = await this.type.wrap(value, valueWeight, size, CONTENT_WIDTH - LABEL_WIDTH)
    this.need(leading * lines.length + 4)
    const top = this.y
    await this.type.draw(this.page, label, {x: MARGIN, y: top - leading + size * 0.3, size, weight: 'bold', color: GREY})
    for (const [index, line] of lines.entries()) {
      await this.type.draw(this.page, line, {x: MARGIN + LABEL_WIDTH, y: top - leading * (index + 1) + size * 0.3, size, weight: valueWeight, color: BLACK})
    }
    this.y = top - leading * lines.length - 4
  }

  rule(gap = 10) {
    this.need(gap * 2)
    this.y -= gap
    this.page.drawLine({start: {x: MARGIN, y: this.y}, end: {x: A4_POINTS.width - MARGIN, y: this.y}, thickness: 0.75, color: RULE})
    this.y -= gap
  }
}

/** A receipt renderer: renderReceiptPdf, or another with its contract that a caller passes in (ReceiptOptions of netlify/services/enrolments/paid-enrolment.ts). */
export type RenderReceiptPdf = (input: ReceiptPdfInput) => Promise<Uint8Array>

/**
 * The receipt PDF for `input` (ReceiptPdfInputSchema; see the module comment for what it
 * prints), as bytes. Throws a ZodError for invalid input, and an Error when a font file is
 * missing (a deployed function without the included font files, pdf-text.ts).
 */
export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  const receipt = ReceiptPdfInputSchema.parse(input)
  const doc = await PDFDocument.create()
  const paidAt = new Date(receipt.paidAt)
  describeDocument(doc, {
    title: `Receipt ${receipt.receiptNumber}${receipt.sandbox ? ` (${SANDBOX_PAYMENT_LABEL})` : ''}`,
    subject: `${receipt.course}, ${receipt.candidate.name}`,
    author: receipt.provider.name,
    at: paidAt,
  })

  const flow = new Flow(doc, new Typesetter(doc))
  const type = flow.type

  if (receipt.sandbox) {
    const height = 46
    flow.page.drawRectangle({x: MARGIN, y: flow.y - height, width: CONTENT_WIDTH, height, color: SANDBOX_RED})
    await type.draw(flow.page, `${SANDBOX_PAYMENT_LABEL.toUpperCase()}: NOT A VALID RECEIPT`, {
      x: MARGIN + 12,
      y: flow.y - 20,
      size: 13,
      weight: 'bold',
      color: WHITE,
    })
    await type.draw(flow.page, 'This is a test receipt from the sandbox gateway: no money was taken.', {
      x: MARGIN + 12,
      y: flow.y - 36,
      size: 9.5,
      color: WHITE,
    })
    flow.y -= height + 16
  }

  // The provider.
  await flow.paragraph(receipt.provider.name, {size: 16, weight: 'bold', gap: 2})
  await flow.paragraph(receipt.provider.address, {size: 10, color: GREY})
  await flow.paragraph(`Phone: ${receipt.provider.phone}`, {size: 10, color: GREY})
  await flow.paragraph(`E-mail: ${receipt.provider.email}`, {size: 10, color: GREY})
  flow.rule(14)

  // The receipt.
  await flow.paragraph(receipt.sandbox ? 'Receipt (test)' : 'Receipt', {size: 22, weight: 'bold', gap: 10})
  await flow.row('Receipt number', receipt.receiptNumber, 'bold')
  await flow.row('Date and time paid', formatProviderDateTime(paidAt))
  flow.rule(8)
  await flow.row('Candidate', receipt.candidate.name)
  await flow.row('E-mail', receipt.candidate.email)
  await flow.row('Mobile', receipt.candidate.mobile)
  flow.rule(8)
  await flow.row('Programme', receipt.programme)
  await flow.row('Course', receipt.course)
  if (receipt.country) await flow.row('Jurisdiction', receipt.country)
  if (receipt.batch) await flow.row('Batch', receipt.batch)
  flow.rule(8)
  await flow.row('Amount paid', formatAmountMinor(receipt.amountMinor, receipt.currency), 'bold')
  await flow.row('Payment method', paymentMethodLabel(receipt.sandbox), receipt.sandbox ? 'bold' : 'regular')
  await flow.row('Payment ID', receipt.paymentId)
  await flow.row('Order ID', receipt.orderId)
  flow.rule(14)

  await flow.paragraph('Refund policy', {size: 11, weight: 'bold', gap: 2})
  await flow.paragraph(receipt.refundPolicy, {size: 10, gap: 18})
  await flow.paragraph(
    receipt.sandbox
      ? `${SANDBOX_PAYMENT_LABEL}: this document is a test and is not proof of payment.`
      : `Issued electronically by ${receipt.provider.name}; valid without a signature.`,
    {size: 8.5, color: receipt.sandbox ? SANDBOX_RED : GREY, weight: receipt.sandbox ? 'bold' : 'regular'},
  )

  return doc.save()
}
