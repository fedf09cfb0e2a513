/**
 * The receipt PDF the candidate receives with the receipt e-mail: A4 portrait
 * (595.28 × 841.89 pt), real text in embedded Noto Sans (./pdf-text.ts; selectable, read back
 * by pdftotext), long values wrapped, a second page when the refund policy needs it.
 *
 * It prints: the provider's name, address and contact (site settings); the receipt number; the
 * date and time paid (Asia/Dubai); the candidate's name, e-mail and mobile; programme and
 * course (and jurisdiction, when given); the amount with its currency ("USD 450.00"); the
 * payment id and order id; the payment method ("Card via Razorpay", "Paid by bank transfer", or
 * "Sandbox (test) payment" — then also a red banner at the top and a footer line, so a test
 * receipt can never pass for a real one); the refund policy sentence from the legal content.
 * A company's group order (`group`) also prints the company, its PO and tax numbers when given,
 * and the price lines: "{seats} seats × {unit price}", "Group discount ({p} %)" when there is
 * one, and the total paid (docs/requirements.md#req-group-bookings).
 *
 * Served and attached as `application/pdf` named receiptFileName(receiptNumber),
 * `receipt-{receiptNumber}.pdf`.
 */
import {PDFDocument, rgb, type PDFPage} from 'pdf-lib'
import {z} from 'zod'
import {RECEIPT_NUMBER_PATTERN} from '#schemas/rules/receipt-number'
import {formatAmountMinor, formatProviderDateTime, groupOrderLines, paymentMethodLabel, SANDBOX_PAYMENT_LABEL} from '#schemas/rules/receipt-format'
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

const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)

/**
 * What a receipt prints of a company's group order (netlify/services/enrolments/record.ts
 * GroupOrderFacts): the company, its PO and tax numbers when given, the seats, the unit price, the
 * subtotal and the discount (percent, and amount), money in minor units of the receipt's currency.
 * The receipt's `amountMinor` is the order's total.
 */
export const ReceiptGroupSchema = z.object({
  company: text(200),
  poNumber: z.string().trim().max(60).optional(),
  taxId: z.string().trim().max(30).optional(),
  seats: z.number().int().min(1).max(1000),
  unitMinor: minor,
  subtotalMinor: minor,
  discountPercent: z.number().min(0).max(100),
  discountMinor: minor,
})
export type ReceiptGroup = z.infer<typeof ReceiptGroupSchema>

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
  /** Paid by bank transfer against a pro-forma (finance's "Payment received"), not through a gateway. */
  bankTransfer: z.boolean().optional(),
  refundPolicy: text(2000),
  /** A company's group order: its company and price lines; absent on one candidate's receipt. */
  group: ReceiptGroupSchema.optional(),
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

  /** A price line: the (wrapped) label on the left, the amount right-aligned, in `weight`. */
  async amountLine(label: string, amount: string, weight: Weight = 'regular') {
    const size = 10.5
    const leading = size * 1.45
    const amountWidth = await this.type.width(amount, weight, size)
    const lines = await this.type.wrap(label, weight, size, CONTENT_WIDTH - amountWidth - 20)
    this.need(leading * lines.length + 4)
    const top = this.y
    for (const [index, line] of lines.entries()) {
      await this.type.draw(this.page, line, {x: MARGIN, y: top - leading * (index + 1) + size * 0.3, size, weight, color: BLACK})
    }
    await this.type.draw(this.page, amount, {x: A4_POINTS.width - MARGIN - amountWidth, y: top - leading + size * 0.3, size, weight, color: BLACK})
    this.y = top - leading * lines.length - 4
  }

  rule(gap = 10) {
    this.need(gap * 2)
    this.y -= gap
    this.page.drawLine({start: {x: MARGIN, y: this.y}, end: {x: A4_POINTS.width - MARGIN, y: this.y}, thickness: 0.75, color: RULE})
    this.y -= gap
  }
}

/** The muted grey of secondary text (the provider's contact, footers) in the site's PDFs. */
export const MUTED_TEXT = GREY

/** The heading of the site's business documents (receipt, pro-forma): the provider's name, address, phone and e-mail, and a rule. */
export async function providerHeading(flow: Flow, provider: ReceiptProvider): Promise<void> {
  await flow.paragraph(provider.name, {size: 16, weight: 'bold', gap: 2})
  await flow.paragraph(provider.address, {size: 10, color: GREY})
  await flow.paragraph(`Phone: ${provider.phone}`, {size: 10, color: GREY})
  await flow.paragraph(`E-mail: ${provider.email}`, {size: 10, color: GREY})
  flow.rule(14)
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

  await providerHeading(flow, receipt.provider)

  // The receipt.
  await flow.paragraph(receipt.sandbox ? 'Receipt (test)' : 'Receipt', {size: 22, weight: 'bold', gap: 10})
  await flow.row('Receipt number', receipt.receiptNumber, 'bold')
  await flow.row('Date and time paid', formatProviderDateTime(paidAt))
  flow.rule(8)
  await flow.row(receipt.group ? 'Contact' : 'Candidate', receipt.candidate.name)
  await flow.row('E-mail', receipt.candidate.email)
  await flow.row('Mobile', receipt.candidate.mobile)
  if (receipt.group) {
    await flow.row('Company', receipt.group.company)
    if (receipt.group.poNumber) await flow.row('PO number', receipt.group.poNumber)
    if (receipt.group.taxId) await flow.row('Tax number', receipt.group.taxId)
  }
  flow.rule(8)
  await flow.row('Programme', receipt.programme)
  await flow.row('Course', receipt.course)
  if (receipt.country) await flow.row('Jurisdiction', receipt.country)
  if (receipt.batch) await flow.row('Batch', receipt.batch)
  flow.rule(8)
  if (receipt.group) {
    for (const [label, amount] of groupOrderLines(receipt.group, receipt.currency)) await flow.amountLine(label, amount)
    await flow.amountLine('Total paid', formatAmountMinor(receipt.amountMinor, receipt.currency), 'bold')
    flow.rule(8)
  } else {
    await flow.row('Amount paid', formatAmountMinor(receipt.amountMinor, receipt.currency), 'bold')
  }
  await flow.row('Payment method', paymentMethodLabel(receipt.sandbox, receipt.bankTransfer), receipt.sandbox && !receipt.bankTransfer ? 'bold' : 'regular')
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
