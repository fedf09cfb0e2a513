/**
 * The payments of a candidate's enrolment in My training (docs/requirements.md#req-account): the
 * receipt of each payment (the enrolment's own, each paid installment's) as a PDF, and the
 * cadetship schedule with "Pay now" for a requested installment.
 *
 * A receipt's PDF is the one the receipt e-mail carried (`receipt:{number}` in the outbox), or,
 * for the enrolment's own payment when that message is gone, rendered again by the same renderer
 * (../enrolments/paid-enrolment.ts receiptPdfOf).
 */
import {ServiceError} from '#netlify/platform/errors'
import {ACCOUNT_NOT_FOUND, type PortalDocumentLink, type PortalInstallment} from '#schemas/contracts/account'
import {INSTALLMENT_CURRENCY, installmentOfText, type ScheduleRow} from '#schemas/rules/installments'
import {accountReceiptPath} from '#schemas/rules/paths'
import {formatAmountMinor} from '#schemas/rules/receipt-format'
import {receiptContext} from '../receipts/context'
import {receiptFileName} from '../receipts/receipt-pdf'
import {refundReceiptFileName, renderRefundReceiptPdf} from '../receipts/refund-receipt-pdf'
import {refundReceiptFacts} from '../refunds/refunds'
import {getOutboxRecord, readAttachments} from '../mail/outbox'
import {receiptPdfOf} from '../enrolments/paid-enrolment'
import type {EnrolmentRecord} from '../enrolments/enrolments'
import {installmentViewsOf} from '../installments/installments'

/** The refunds of `record` that were processed (each has a refund receipt), oldest first. */
const processedRefunds = (record: EnrolmentRecord) => (record.refunds ?? []).filter((refund) => refund.status === 'processed')

/** Every receipt number of `record`: its own payment's, then each paid installment's, in order. */
export function receiptNumbersOf(record: EnrolmentRecord): string[] {
  const numbers = record.receiptNumber ? [record.receiptNumber] : []
  for (const link of [...(record.installmentLinks ?? [])].sort((a, b) => a.number - b.number)) if (link.receiptNumber) numbers.push(link.receiptNumber)
  return numbers
}

/** The receipts of `record` as the portal lists them. `schedule`: the cadetship's (for "2nd installment of 3"), else null. */
export function receiptsOf(record: EnrolmentRecord, schedule: readonly ScheduleRow[] | null): PortalDocumentLink[] {
  const receipts: PortalDocumentLink[] = []
  const of = schedule?.length ?? 0
  if (record.receiptNumber) {
    const what = of > 1 ? ` (${installmentOfText(1, of)})` : ''
    receipts.push({label: `Receipt ${record.receiptNumber}${what}`, href: accountReceiptPath(record.orderId, record.receiptNumber)})
  }
  for (const link of [...(record.installmentLinks ?? [])].sort((a, b) => a.number - b.number)) {
    if (!link.receiptNumber) continue
    receipts.push({
      label: `Receipt ${link.receiptNumber} (${installmentOfText(link.number, Math.max(of, link.number))})`,
      href: accountReceiptPath(record.orderId, link.receiptNumber),
    })
  }
  for (const refund of processedRefunds(record)) {
    receipts.push({label: `Refund receipt ${refund.gatewayRefundId ?? refund.id}`, href: accountReceiptPath(record.orderId, refund.id)})
  }
  return receipts
}

/** The cadetship installments of `record` at `now` (null for other programmes). */
export function installmentsOf(record: EnrolmentRecord, schedule: readonly ScheduleRow[] | null, now: Date): PortalInstallment[] | null {
  if (!schedule || schedule.length === 0) return null
  return installmentViewsOf(record, schedule, now).map((view) => ({
    number: view.number,
    label: view.label,
    amount: formatAmountMinor(view.amountMinor, INSTALLMENT_CURRENCY),
    state: view.state,
    payUrl: view.state === 'requested' && view.linkUrl ? view.linkUrl : null,
    receipt: view.receiptNumber ? {label: `Receipt ${view.receiptNumber}`, href: accountReceiptPath(record.orderId, view.receiptNumber)} : null,
  }))
}

/**
 * The PDF of receipt `receiptNumber` of the candidate's enrolment `record` (already checked to be
 * theirs): `{fileName, bytes}`. A processed refund's id (`rf_…`) names its refund receipt, drawn
 * by ../receipts/refund-receipt-pdf.ts. Throws ServiceError 'not-found' when the number is not one of the
 * enrolment's receipts or its PDF cannot be found.
 */
export async function receiptPdfForCandidate(record: EnrolmentRecord, receiptNumber: string): Promise<{fileName: string; bytes: Uint8Array}> {
  const refund = processedRefunds(record).find((candidate) => candidate.id === receiptNumber)
  if (refund) {
    const {provider} = await receiptContext()
    const facts = refundReceiptFacts(record, refund, provider)
    return {fileName: refundReceiptFileName(facts.refundId), bytes: await renderRefundReceiptPdf(facts)}
  }
  if (!receiptNumbersOf(record).includes(receiptNumber)) throw new ServiceError('not-found', ACCOUNT_NOT_FOUND)
  const fileName = receiptFileName(receiptNumber)
  const message = await getOutboxRecord(`receipt:${receiptNumber}`)
  const stored = message ? (await readAttachments(message)).find((attachment) => attachment.filename === fileName) : undefined
  if (stored) return {fileName, bytes: stored.content}
  if (receiptNumber === record.receiptNumber) {
    const pdf = await receiptPdfOf(record)
    if (pdf) return pdf
  }
  throw new ServiceError('not-found', ACCOUNT_NOT_FOUND)
}
