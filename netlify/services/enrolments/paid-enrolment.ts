/**
 * What follows a payment (docs/requirements.md#req-receipts): the receipt number, the
 * receipt e-mail with its PDF and the staff notice — exactly once per paid enrolment, whichever
 * path marks it paid first (the save callback, the Razorpay webhook) and whatever the number and
 * order of calls — and the confirmation page's lookup.
 *
 * `issueReceipt(orderId)` is idempotent and safe to run concurrently, in three steps each of
 * which is idempotent on its own, so a crash anywhere is finished by the next run:
 *   1. allocate the receipt number (netlify/services/receipts/receipt-number.ts: one number per
 *      order, consecutive, no gaps);
 *   2. queue the receipt (`receipt:{number}`, PDF attached) and the staff notice
 *      (`enrolment-notice:{number}`) in the outbox (netlify/services/mail/outbox.ts: one message per key);
 *   3. store the number on the record (enrolments.ts recordReceiptNumber).
 * A record WITH a receipt number therefore always has its two messages queued. The scheduled
 * `outbox-delivery` function (`sweepPaidEnrolments`) finishes paid enrolments left without a
 * number (a crash, Blobs or content down during the payment) within minutes.
 *
 * `completePayment(orderId)` is what the save callback and the webhook call after markPaid:
 * issueReceipt, then one delivery attempt of both messages, capped at 5 s
 * (deliver.ts VISITOR_SEND_TIMEOUT_MS); any failure is logged and left to the scheduled job —
 * the payment is already stored and confirmed.
 */
import {timingSafeEqual} from 'node:crypto'
import {publicOrigin} from '#netlify/platform/env'
import {ADMIN_LIST_PATH, absoluteUrl, confirmationPath} from '#schemas/rules/paths'
import {isPaidStatus, wasPaid} from '#schemas/rules/enrolment-status'
import {getEnrolment, recordReceiptNumber, type EnrolmentRecord} from './enrolments'
import {listIndexedEnrolments} from './index-store'
import {deliverOne, VISITOR_SEND_TIMEOUT_MS} from '../mail/deliver'
import {enrolmentFacts, enrolmentNoticeMessage, groupBookingUrl, receiptMessage, staffRecipients, type EnrolmentFacts} from '../mail/messages'
import {enqueue, getOutboxRecord, readAttachments} from '../mail/outbox'
import {receiptContext, type ReceiptContext} from '../receipts/context'
import {allocateReceiptNumber} from '../receipts/receipt-number'
import {receiptFileName, renderReceiptPdf, type RenderReceiptPdf} from '../receipts/receipt-pdf'

/** Longest confirmation key looked at (characters): a real one is 22. */
const MAX_KEY_LENGTH = 64

/**
 * The paid enrolment of `orderId` whose confirmation key is `key` (compared in constant time),
 * else null — for an unknown order, one not in a paid-like status (isPaidStatus: pending,
 * cancelled or refunded; `contacted`, `confirmed`, … are paid-like), a record without a
 * key and a wrong key alike, so the page's 404 says nothing about which it was.
 */
export async function findConfirmedEnrolment(orderId: string, key: string): Promise<EnrolmentRecord | null> {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return null
  const record = await getEnrolment(orderId)
  if (!record || !isPaidStatus(record.status) || !record.confirmationKey) return null
  const expected = Buffer.from(record.confirmationKey, 'utf8')
  const given = Buffer.from(key, 'utf8')
  return expected.length === given.length && timingSafeEqual(expected, given) ? record : null
}

/** The absolute confirmation URL of a record (SITE_URL, or the local server outside production). */
export const confirmationUrl = (record: Pick<EnrolmentRecord, 'orderId' | 'confirmationKey'>, origin = publicOrigin()) =>
  absoluteUrl(origin, confirmationPath(record.orderId, record.confirmationKey ?? ''))

/**
 * The staff notice of a payment (`enrolment-notice:{receiptNumber}`) to the provider's staff
 * recipients, linking the admin list: the enrolment's (issueReceipt) or, with `installment`
 * ("2nd installment of 3"), a later cadetship installment's (installments.ts).
 */
export const staffNotice = (context: ReceiptContext, receiptNumber: string, facts: EnrolmentFacts, options: {installment?: string; origin?: string} = {}) =>
  enrolmentNoticeMessage(
    {
      provider: context.provider,
      receiptNumber,
      facts,
      adminUrl: absoluteUrl(options.origin ?? publicOrigin(), ADMIN_LIST_PATH),
      ...(options.installment ? {installment: options.installment} : {}),
    },
    staffRecipients(context.provider.email),
  )

/**
 * How issueReceipt and completePayment work: `now`, the clock (default: the time of the call);
 * `renderReceiptPdf`, the renderer of the attached PDF (default: ./receipts/receipt-pdf.ts's).
 * Everything else — the number, the outbox, the notice — is the same whichever renderer makes the PDF.
 */
export type ReceiptOptions = {now?: Date; renderReceiptPdf?: RenderReceiptPdf}

/** What issueReceipt did: the record (with its receipt number when paid) and the outbox ids it queued or found. */
export type IssuedReceipt = {record: EnrolmentRecord; messageIds: string[]}

/**
 * Gives a PAID enrolment its receipt number and queues its receipt and staff notice (see the
 * module comment). Paid means wasPaid (schemas/rules/enrolment-status.ts): also one staff have
 * moved on since, even cancelled. Resolves with the record unchanged when it was never
 * paid or already has a number, and null for an unknown order. Throws when Blobs or the content cannot be read (the
 * scheduled sweep retries).
 */
export async function issueReceipt(orderId: string, options: ReceiptOptions = {}): Promise<IssuedReceipt | null> {
  const now = options.now ?? new Date()
  const record = await getEnrolment(orderId)
  if (!record) return null
  if (!wasPaid(record) || !record.paidAt || record.receiptNumber || record.delegateOf) return {record, messageIds: []}
  const context = await receiptContext()
  const {receiptNumber} = await allocateReceiptNumber(context.prefix, record.paidAt, orderId, now)
  const {documents, overCapacity, ...facts} = enrolmentFacts(record)
  const origin = publicOrigin()
  const [receipt, notice] = await Promise.all([
    receiptMessage(
      {
        ...facts,
        provider: context.provider,
        receiptNumber,
        refundPolicy: context.refundPolicy,
        confirmationUrl: confirmationUrl(record, origin),
        ...(record.groupOrder && record.confirmationKey ? {delegatesUrl: groupBookingUrl(record.groupOrder.bookingId, record.confirmationKey, origin)} : {}),
      },
      options.renderReceiptPdf,
    ),
    staffNotice(context, receiptNumber, {...facts, documents, ...(overCapacity ? {overCapacity} : {})}, {origin}),
  ])
  const queued = await Promise.all([enqueue(receipt, {now}), enqueue(notice, {now})])
  const stored = await recordReceiptNumber(orderId, receiptNumber, now)
  return {record: stored, messageIds: queued.map((q) => q.id)}
}

/**
 * After markPaid (save callback, webhook): issueReceipt, then one delivery attempt of the queued
 * messages in parallel, each capped at VISITOR_SEND_TIMEOUT_MS (5 s); `options` as issueReceipt's. Never throws: resolves to
 * the record as stored afterwards (with its receipt number), or `fallback` when issuing failed —
 * the scheduled job finishes it.
 */
export async function completePayment(fallback: EnrolmentRecord, options: ReceiptOptions = {}): Promise<EnrolmentRecord> {
  try {
    const issued = await issueReceipt(fallback.orderId, options)
    if (!issued) return fallback
    await Promise.all(issued.messageIds.map((id) => deliverOne(id, {now: options.now, timeoutMs: VISITOR_SEND_TIMEOUT_MS})))
    return issued.record
  } catch (error) {
    console.error(`[receipts] order ${fallback.orderId}: the receipt could not be issued now; the outbox job retries`, error)
    return fallback
  }
}

/** How far back the sweep looks for paid enrolments without a receipt (ms): older ones predate receipts and are left to staff. */
export const SWEEP_WINDOW_MS = 7 * 24 * 60 * 60 * 1000

/**
 * The scheduled job's first step: issues receipts for enrolments paid within SWEEP_WINDOW_MS
 * (by the admin list's index: its paid rows, whatever their status since) that still have no
 * receipt number. Resolves to the order ids
 * issued; a failing one is logged and left for the next run.
 */
export async function sweepPaidEnrolments(options: {now?: Date} = {}): Promise<string[]> {
  const now = options.now ?? new Date()
  const since = new Date(now.getTime() - SWEEP_WINDOW_MS).toISOString()
  // A group booking's delegate is paid by the booking's order, which has the receipt.
  const rows = (await listIndexedEnrolments({status: 'paid'})).filter(
    (row) => !row.receiptNumber && row.paidAt && row.paidAt >= since && row.group?.role !== 'delegate',
  )
  const issued: string[] = []
  for (const row of rows) {
    try {
      const result = await issueReceipt(row.orderId, {now})
      if (result?.record.receiptNumber) issued.push(row.orderId)
    } catch (error) {
      console.error(`[receipts] sweep: order ${row.orderId} still has no receipt`, error)
    }
  }
  return issued
}

/**
 * The receipt PDF of a paid enrolment with a receipt number, for the confirmation page's download:
 * the very file the receipt e-mail carries (stored with it in the outbox), or, when that message
 * is gone, the receipt rendered again from the record. Resolves to null for a record without a
 * receipt number yet.
 */
export async function receiptPdfOf(record: EnrolmentRecord): Promise<{fileName: string; bytes: Uint8Array} | null> {
  if (!record.receiptNumber) return null
  const fileName = receiptFileName(record.receiptNumber)
  const message = await getOutboxRecord(`receipt:${record.receiptNumber}`)
  const stored = message ? (await readAttachments(message)).find((a) => a.filename === fileName) : undefined
  if (stored) return {fileName, bytes: stored.content}
  const context = await receiptContext()
  const {documents: _documents, overCapacity: _overCapacity, ...facts} = enrolmentFacts(record)
  return {
    fileName,
    bytes: await renderReceiptPdf({...facts, provider: context.provider, receiptNumber: record.receiptNumber, refundPolicy: context.refundPolicy}),
  }
}
