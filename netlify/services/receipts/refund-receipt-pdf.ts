/**
 * The refund receipt as a PDF (docs/requirements.md#req-account: My training offers each refund
 * receipt for download), drawn by the receipt's renderer (./receipt-pdf.ts Flow, ./pdf-text.ts
 * fonts) with what the refund receipt e-mail says (../refunds/refunds.ts refundReceiptFacts): the
 * amount refunded, why, its reference and time, the original receipt and payment, and the totals.
 * A sandbox refund says so in red. The document's dates are the refund's, so rendering it again
 * gives the same file.
 */
import {PDFDocument, rgb} from 'pdf-lib'
import {formatAmountMinor, formatProviderDateTime, SANDBOX_PAYMENT_LABEL} from '#schemas/rules/receipt-format'
import {REFUND_REASON_LABELS} from '#schemas/rules/refunds'
import type {RefundReceiptProps} from '../mail/templates/refund-receipt'
import {describeDocument, Typesetter} from './pdf-text'
import {Flow} from './receipt-pdf'

/** What the PDF prints: what the refund receipt e-mail says (amounts in minor units of `currency`; `refundedAt` ISO 8601), without its link. */
export type RefundReceiptPdfInput = Omit<RefundReceiptProps, 'accountUrl'>

const GREY = rgb(0.4, 0.4, 0.45)
const SANDBOX_RED = rgb(0.72, 0.08, 0.08)

/** The file name: `refund-receipt-{refund reference}.pdf`. */
export const refundReceiptFileName = (refundId: string): string => `refund-receipt-${refundId.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`

/** The refund receipt PDF of `input`, as bytes. Throws RangeError for an invalid `refundedAt`. */
export async function renderRefundReceiptPdf(input: RefundReceiptPdfInput): Promise<Uint8Array> {
  const refundedAt = new Date(input.refundedAt)
  if (Number.isNaN(refundedAt.getTime())) throw new RangeError(`Invalid refund time ${input.refundedAt}`)
  const doc = await PDFDocument.create()
  describeDocument(doc, {
    title: `Refund receipt ${input.refundId}${input.sandbox ? ` (${SANDBOX_PAYMENT_LABEL})` : ''}`,
    subject: `${input.course}, ${input.candidateName}`,
    author: input.provider.name,
    at: refundedAt,
  })

  const flow = new Flow(doc, new Typesetter(doc))
  await flow.paragraph(input.provider.name, {size: 16, weight: 'bold', gap: 2})
  await flow.paragraph(input.provider.address, {size: 10, color: GREY})
  await flow.paragraph(`Phone: ${input.provider.phone}`, {size: 10, color: GREY})
  await flow.paragraph(`E-mail: ${input.provider.email}`, {size: 10, color: GREY})
  flow.rule(14)

  await flow.paragraph(input.sandbox ? 'Refund receipt (test)' : 'Refund receipt', {size: 22, weight: 'bold', gap: 10})
  if (input.sandbox)
    await flow.paragraph(`${SANDBOX_PAYMENT_LABEL}: a test refund. No money was moved.`, {size: 10.5, weight: 'bold', color: SANDBOX_RED, gap: 6})
  await flow.row('Refund reference', input.refundId, 'bold')
  await flow.row('Refunded', formatProviderDateTime(refundedAt))
  await flow.row('Amount refunded', formatAmountMinor(input.amountMinor, input.currency), 'bold')
  await flow.row('Reason', REFUND_REASON_LABELS[input.reason])
  flow.rule(8)
  await flow.row('Candidate', input.candidateName)
  await flow.row('Programme', input.programme)
  await flow.row('Course', input.course)
  flow.rule(8)
  if (input.receiptNumber) await flow.row('Original receipt', input.receiptNumber)
  await flow.row('Payment reference', input.paymentId)
  await flow.row('Amount paid', formatAmountMinor(input.paidMinor, input.currency))
  await flow.row('Refunded in total', formatAmountMinor(input.refundedMinor, input.currency))
  flow.rule(14)
  await flow.paragraph(`Issued electronically by ${input.provider.name}; valid without a signature.`, {size: 8.5, color: GREY})
  return doc.save()
}
