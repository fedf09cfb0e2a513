/**
 * The messages (and later issues), ready for the outbox (./outbox.ts enqueue): each builder
 * renders its React Email template (./templates/) and, for the receipt, the PDF
 * (netlify/services/receipts/receipt-pdf.ts), and names the message by its idempotency key:
 *
 *   receipt:{receiptNumber}            to the candidate, the PDF attached
 *   enrolment-notice:{receiptNumber}   to staff, one per paid enrolment
 *   enquiry-notice:{contact message id} to staff, Reply-To the sender; no reply to the sender
 *   refund-receipt:{refund id}         to the candidate, once per processed refund
 *   waitlist-notice:{order id}         to staff, once per seat freed in a batch with a waitlist
 *   document-notice:{upload id}        to staff, once per document a candidate added in My training
 *   group-booking:{booking id}         to a group booking's contact person, its pro-forma attached (invoice)
 *   group-booking-released:{booking id} to the contact person, when the unpaid pro-forma's seats were released
 *   delegate-joining:{delegate order id}-{n} to a named delegate, again after a swap or a change
 *
 * Staff are STAFF_EMAIL, else the provider's contact e-mail from the site settings
 * (staffRecipients). enrolmentFacts() reads what the receipt and the notice print from an
 * enrolment record.
 */
import {wasPaid} from '#schemas/rules/enrolment-status'
import {enrolmentBatchText} from '#schemas/rules/batches'
import {absoluteUrl, CALENDAR_PATH, groupBookingPath} from '#schemas/rules/paths'
import {getEnv, publicOrigin, type Env} from '#netlify/platform/env'
import {isSandboxOrder} from '#netlify/platform/payments/config'
import type {EnrolmentRecord, GroupOrderFacts} from '#netlify/services/enrolments/record'
import {
  RECEIPT_CONTENT_TYPE,
  receiptFileName,
  renderReceiptPdf,
  type ReceiptGroup,
  type ReceiptPdfInput,
  type ReceiptProvider,
  type RenderReceiptPdf,
} from '#netlify/services/receipts/receipt-pdf'
import {PROFORMA_CONTENT_TYPE} from '#netlify/services/group-bookings/proforma-pdf'
import {accountLinkFor} from './account-link'
import type {NewOutboxMessage} from './outbox'
import {renderEnquiryNotice, type EnquiryNoticeProps} from './templates/enquiry-notice'
import {renderEnrolmentNotice} from './templates/enrolment-notice'
import {renderReceiptEmail} from './templates/receipt'
import {renderRefundReceiptEmail, type RefundReceiptProps} from './templates/refund-receipt'
import {renderWaitlistNotice, type WaitlistNoticeProps} from './templates/waitlist-notice'
import {renderInstallmentLinkEmail, type InstallmentLinkEmailProps} from './templates/installment-link'
import {renderDocumentNotice, type DocumentNoticeProps} from './templates/document-notice'
import {renderGroupBookingEmail, type GroupBookingEmailProps} from './templates/group-booking'
import {renderGroupBookingReleasedEmail, type GroupBookingReleasedEmailProps} from './templates/group-booking-released'
import {renderDelegateJoiningEmail, type DelegateJoiningEmailProps} from './templates/delegate-joining'

/** Who receives staff notices: STAFF_EMAIL, else `providerEmail` (the site settings' contact e-mail). */
export function staffRecipients(providerEmail: string, env: Pick<Env, 'STAFF_EMAIL'> = getEnv()): string[] {
  return env.STAFF_EMAIL && env.STAFF_EMAIL.length > 0 ? env.STAFF_EMAIL : [providerEmail]
}

/** What a receipt and its staff notice print about a paid enrolment (everything of ReceiptPdfInput the record holds). */
export type EnrolmentFacts = Omit<ReceiptPdfInput, 'provider' | 'receiptNumber' | 'refundPolicy'> & {documents: string[]; overCapacity?: boolean}

/** What the receipt prints of a group order: the company, its PO and tax numbers, and the price (docs/requirements.md#req-group-bookings). */
const receiptGroup = (order: GroupOrderFacts): ReceiptGroup => ({
  company: order.company,
  ...(order.poNumber ? {poNumber: order.poNumber} : {}),
  ...(order.taxId ? {taxId: order.taxId} : {}),
  seats: order.seats,
  unitMinor: order.unitMinor,
  subtotalMinor: order.subtotalMinor,
  discountPercent: order.discountPercent,
  discountMinor: order.discountMinor,
})

/**
 * The facts of a PAID enrolment record (netlify/services/enrolments/record.ts) for the receipt and the
 * notice: candidate, programme, course, jurisdiction, amount (minor units), ids, time paid,
 * sandbox mode, document names; the batch line with its venue and, for staff only,
 * `overCapacity`. A group order's record (`groupOrder`) adds its company and price lines
 * (`group`: the candidate is its contact person), and a bank transfer says so (`bankTransfer`). Throws Error for a record that was never paid (wasPaid: a paid
 * one that staff moved on since, still has its receipt).
 */
export function enrolmentFacts(record: EnrolmentRecord): EnrolmentFacts {
  if (!wasPaid(record) || !record.paymentId || !record.paidAt) throw new Error(`Enrolment ${record.orderId} is not paid`)
  return {
    paidAt: record.paidAt,
    candidate: {name: record.name, email: record.email, mobile: record.mobile},
    programme: record.trainingProgramName,
    course: record.courseName,
    ...(record.countryName ? {country: record.countryName} : {}),
    ...(record.batch ? {batch: enrolmentBatchText(record.batch, {venue: true})} : {}),
    amountMinor: record.amountMinor,
    currency: record.currency,
    paymentId: record.paymentId,
    orderId: record.orderId,
    sandbox: isSandboxOrder(record),
    ...(record.paidVia === 'bank-transfer' ? {bankTransfer: true} : {}),
    ...(record.groupOrder ? {group: receiptGroup(record.groupOrder)} : {}),
    documents: record.attachments.map((a) => a.fileName),
    ...(record.overCapacity ? {overCapacity: true} : {}),
  }
}

/**
 * The receipt to the candidate: `receipt:{receiptNumber}`, subject `Receipt {receiptNumber}:
 * {course name}`, the PDF `receipt-{receiptNumber}.pdf` attached, the confirmation link
 * (`confirmationUrl`, absolute), the PDF made by `renderPdf` (renderReceiptPdf by default). A
 * group order's receipt goes to its contact person, lists its price lines and company, and links
 * "Name your delegates" to `delegatesUrl` (absolute, its booking page).
 * Throws a ZodError for input the PDF refuses.
 */
export async function receiptMessage(
  input: ReceiptPdfInput & {confirmationUrl: string; delegatesUrl?: string},
  renderPdf: RenderReceiptPdf = renderReceiptPdf,
): Promise<NewOutboxMessage> {
  const {confirmationUrl, delegatesUrl, ...receipt} = input
  const [pdf, email] = await Promise.all([
    renderPdf(receipt),
    renderReceiptEmail({
      provider: receipt.provider,
      receiptNumber: receipt.receiptNumber,
      candidateName: receipt.candidate.name,
      programme: receipt.programme,
      course: receipt.course,
      ...(receipt.batch ? {batch: receipt.batch} : {}),
      amountMinor: receipt.amountMinor,
      currency: receipt.currency,
      paidAt: receipt.paidAt,
      sandbox: receipt.sandbox,
      ...(receipt.bankTransfer ? {bankTransfer: true} : {}),
      ...(receipt.group ? {group: receipt.group} : {}),
      ...(delegatesUrl ? {delegatesUrl} : {}),
      confirmationUrl,
      accountUrl: accountLinkFor(receipt.candidate.email),
    }),
  ])
  return {
    kind: 'receipt',
    about: receipt.receiptNumber,
    to: [receipt.candidate.email],
    ...email,
    attachments: [{filename: receiptFileName(receipt.receiptNumber), contentType: RECEIPT_CONTENT_TYPE, content: pdf}],
  }
}

/**
 * The staff notice of a paid enrolment: `enrolment-notice:{receiptNumber}` to `staff`, subject
 * `New enrolment {receiptNumber}: {candidate name}, {course name}`, with a link to the admin list
 * (`adminUrl`, the absolute URL of /adminEnrollments). With `installment` ("2nd installment of 3"),
 * the notice of a later cadetship installment paid by link: `Installment paid
 * {receiptNumber}: …` under that installment's own receipt number.
 */
export async function enrolmentNoticeMessage(
  input: {provider: ReceiptProvider; receiptNumber: string; facts: EnrolmentFacts; adminUrl: string; installment?: string},
  staff: readonly string[],
): Promise<NewOutboxMessage> {
  const {facts} = input
  const email = await renderEnrolmentNotice({
    provider: input.provider,
    receiptNumber: input.receiptNumber,
    candidate: facts.candidate,
    programme: facts.programme,
    course: facts.course,
    country: facts.country ?? '',
    ...(facts.batch ? {batch: facts.batch} : {}),
    overCapacity: facts.overCapacity === true,
    amountMinor: facts.amountMinor,
    currency: facts.currency,
    paidAt: facts.paidAt,
    paymentId: facts.paymentId,
    orderId: facts.orderId,
    sandbox: facts.sandbox,
    ...(facts.bankTransfer ? {bankTransfer: true} : {}),
    documents: facts.documents,
    adminUrl: input.adminUrl,
    ...(input.installment ? {installment: input.installment} : {}),
  })
  return {kind: 'enrolment-notice', about: input.receiptNumber, to: staff, ...email}
}

/**
 * The staff notice of a contact enquiry: `enquiry-notice:{id}` (the stored contact message's
 * id) to `staff`, subject `Enquiry: {subject} from {name}`, Reply-To the sender.
 */
export async function enquiryNoticeMessage(input: EnquiryNoticeProps & {id: string}, staff: readonly string[]): Promise<NewOutboxMessage> {
  const {id, ...props} = input
  const email = await renderEnquiryNotice(props)
  return {kind: 'enquiry-notice', about: id, to: staff, replyTo: {name: props.name, address: props.email}, ...email}
}

/**
 * The refund receipt to the candidate: `refund-receipt:{refund id}` (our `rf_…` id, so
 * a refund's receipt is queued once whoever reports it processed), subject `Refund receipt
 * {receiptNumber}: {course name}`, to `email`.
 */
export async function refundReceiptMessage(input: Omit<RefundReceiptProps, 'accountUrl'> & {refundKey: string; email: string}): Promise<NewOutboxMessage> {
  const {refundKey, email: to, ...props} = input
  const email = await renderRefundReceiptEmail({...props, accountUrl: accountLinkFor(to)})
  return {kind: 'refund-receipt', about: refundKey, to: [to], ...email}
}

/**
 * The staff notice of a seat come free in a batch with a waitlist:
 * `waitlist-notice:{order id}` — the order whose hold was released or expired, or
 * `waitlist-notice:{order id}-booking` when staff cancelled or fully refunded it, so each freed
 * seat makes one notice whoever reports it — to `staff`, naming the first person waiting, Reply-To them.
 */
export async function waitlistNoticeMessage(input: WaitlistNoticeProps & {freedBy: string}, staff: readonly string[]): Promise<NewOutboxMessage> {
  const {freedBy, ...props} = input
  const email = await renderWaitlistNotice(props)
  return {kind: 'waitlist-notice', about: freedBy, to: staff, replyTo: {name: props.person.name, address: props.person.email}, ...email}
}

/**
 * The payment link of a cadetship installment to the candidate: `installment-link:{reference
 * id}` (`{order id}-i2`, or `{order id}-i2-2` for a new link after an expiry), so each link is
 * e-mailed once whoever queues it, subject `Payment link: 2nd installment of 3, {course}`, to `email`.
 */
export async function installmentLinkMessage(
  input: Omit<InstallmentLinkEmailProps, 'accountUrl'> & {referenceId: string; email: string},
): Promise<NewOutboxMessage> {
  const {referenceId, email: to, ...props} = input
  const email = await renderInstallmentLinkEmail({...props, accountUrl: accountLinkFor(to)})
  return {kind: 'installment-link', about: referenceId, to: [to], ...email}
}

/**
 * The staff notice of a document a candidate added in My training: `document-notice:{upload id}`
 * (an upload is attached to one enrolment, once, so each document makes one notice whoever
 * queues it) to `staff`, subject `Document added: {file name}, {candidate name}, {course}`,
 * Reply-To the candidate.
 */
export async function documentNoticeMessage(input: DocumentNoticeProps & {uploadId: string}, staff: readonly string[]): Promise<NewOutboxMessage> {
  const {uploadId, ...props} = input
  const email = await renderDocumentNotice(props)
  return {kind: 'document-notice', about: uploadId, to: staff, replyTo: {name: props.candidate.name, address: props.candidate.email}, ...email}
}

/** The absolute URL of a group booking's page, /book/group/{bookingId}/{key}, on the public site (`origin`, default SITE_URL). */
export const groupBookingUrl = (bookingId: string, key: string, origin = publicOrigin()): string => absoluteUrl(origin, groupBookingPath(bookingId, key))

/** The PDF of a pro-forma invoice as ../group-bookings/documents.ts proformaPdfOf gives it. */
export type ProformaAttachment = {fileName: string; bytes: Uint8Array}

/**
 * What groupBookingMessage needs: the e-mail's props less the "View in My training" link, the
 * contact person's address `email` and, paid by invoice, `proforma` with its PDF (`pdf`).
 */
export type GroupBookingMessageProps = Omit<GroupBookingEmailProps, 'accountUrl' | 'proforma'> & {
  email: string
  proforma?: {number: string; dueDate: string; pdf: ProformaAttachment}
}

/**
 * The confirmation of a group booking to its contact person: `group-booking:{booking id}` (once
 * per booking whoever queues it) to `email`, subject `Group booking {bookingId}: {seats} seats,
 * {course}`, the summary and the "Name your delegates" link; paid by invoice, the pro-forma's
 * number and due date, and its PDF attached (application/pdf).
 */
export async function groupBookingMessage(props: GroupBookingMessageProps): Promise<NewOutboxMessage> {
  const {email: to, proforma, ...rest} = props
  const email = await renderGroupBookingEmail({
    ...rest,
    ...(proforma ? {proforma: {number: proforma.number, dueDate: proforma.dueDate, fileName: proforma.pdf.fileName}} : {}),
    accountUrl: accountLinkFor(to),
  })
  return {
    kind: 'group-booking',
    about: props.bookingId,
    to: [to],
    ...email,
    ...(proforma ? {attachments: [{filename: proforma.pdf.fileName, contentType: PROFORMA_CONTENT_TYPE, content: proforma.pdf.bytes}]} : {}),
  }
}

/** What groupBookingReleasedMessage needs: the e-mail's props less the two links it makes, and the contact person's address `email`. */
export type GroupBookingReleasedMessageProps = Omit<GroupBookingReleasedEmailProps, 'accountUrl' | 'calendarUrl'> & {email: string}

/**
 * To the contact person when the unpaid pro-forma's seats were released:
 * `group-booking-released:{booking id}` to `email`, subject `Seats released: pro-forma {number}
 * was not paid`, with the course calendar's absolute URL to book again (`origin`, default SITE_URL).
 */
export async function groupBookingReleasedMessage(props: GroupBookingReleasedMessageProps, origin = publicOrigin()): Promise<NewOutboxMessage> {
  const {email: to, ...rest} = props
  const email = await renderGroupBookingReleasedEmail({...rest, calendarUrl: absoluteUrl(origin, CALENDAR_PATH), accountUrl: accountLinkFor(to, origin)})
  return {kind: 'group-booking-released', about: props.bookingId, to: [to], ...email}
}

/**
 * What delegateJoiningMessage needs: the e-mail's props less the "View in My training" link, the
 * delegate's address `email`, their enrolment's order id and `n`, the caller's counter of joining
 * e-mails for that seat (1, then 2 after a swap or a change), so each sends anew.
 */
export type DelegateJoiningMessageProps = Omit<DelegateJoiningEmailProps, 'accountUrl'> & {email: string; delegateOrderId: string; n: number}

/**
 * The joining instructions to a named delegate: `delegate-joining:{delegate order id}-{n}` to
 * `email`, subject `You are booked on {course}, {dates}`, with the dates, venue, what to bring and
 * "View in My training".
 */
export async function delegateJoiningMessage(props: DelegateJoiningMessageProps): Promise<NewOutboxMessage> {
  const {email: to, delegateOrderId, n, ...rest} = props
  const email = await renderDelegateJoiningEmail({...rest, accountUrl: accountLinkFor(to)})
  return {kind: 'delegate-joining', about: `${delegateOrderId}-${n}`, to: [to], ...email}
}
