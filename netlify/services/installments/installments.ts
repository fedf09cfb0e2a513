/**
 * Cadetship installments 2…n by payment link (docs/requirements.md#req-installments).
 * The rule (schedule, states, refusals, reference ids) is schemas/rules/installments.ts; the
 * gateway call is ./payments/gateway.ts createPaymentLink (Razorpay's Payment Links API through
 * the SDK, or the local sandbox).
 *
 * requestInstallmentLink runs in three steps, each a conditional write of the enrolment record
 * (./blobs.ts updateJSON), so two requests at once make one link:
 *   1. reserve: a link `creating` is appended — only if the rule allows a new link at that moment
 *      (installment 1 paid, no link of that installment open or paid; a `creating` one counts as
 *      open for CREATING_STALE_MS);
 *   2. the gateway makes the link (reference_id `{orderId}-i{n}`, then `-i{n}-{k}` after an
 *      expiry; expire_by now + 30 days; the candidate as customer; notes {order_id, installment});
 *   3. record: the link's id and URL, state `requested`, one history entry by the staff account.
 *      A refusal or a timeout instead marks the reservation `failed` (502 / 504): nothing is
 *      requested, and the next link gets the next reference id (after a timeout Razorpay may hold
 *      a link under the first one, which it would refuse to reuse).
 * The link is then e-mailed to the candidate through the outbox (`installment-link:{reference id}`,
 * once) and tried at once (≤ 5 s); the scheduled outbox job retries.
 *
 * applyPaymentLinkEvent is the webhook's side (`payment_link.paid`, `payment_link.expired`): the
 * link is found by the order id in its notes (else its reference id) and its `plink_…` id; a paid
 * amount equal to the link's marks the installment paid, numbers its receipt (the receipt-number
 * rule, key `{orderId}-i{n}`) and queues the receipt e-mail with its PDF (`receipt:{number}`) and
 * the staff notice (`enrolment-notice:{number}`, "Installment paid …"); a
 * different amount is recorded on the link with a flag for staff and a history entry, never
 * accepted as paid. Repeated events change nothing.
 */
import {randomBytes} from 'node:crypto'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {formatAmountMinor} from '#schemas/rules/receipt-format'
import {
  INSTALLMENT_CURRENCY,
  installmentOfText,
  installmentReceiptKey,
  installmentSchedule,
  installmentViews,
  linkExpiry,
  linkReferenceId,
  linkRequestProblem,
  type InstallmentLink,
  type InstallmentView,
  type ScheduleRow,
} from '#schemas/rules/installments'
import {publicOrigin} from '#netlify/platform/env'
import {absoluteUrl} from '#schemas/rules/paths'
import {fetchContent} from '#netlify/platform/content/client'
import {NEXT_STEPS_QUERY} from '#netlify/platform/content/queries'
import {openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import type {EnrolmentRecord} from '../enrolments/record'
import {getEnrolment} from '../enrolments/enrolments'
import {indexEnrolmentSafely} from '../enrolments/index-store'
import {ServiceError} from '#netlify/platform/errors'
import {deliverOne, VISITOR_SEND_TIMEOUT_MS} from '../mail/deliver'
import {enrolmentFacts, installmentLinkMessage, receiptMessage} from '../mail/messages'
import {enqueue} from '../mail/outbox'
import {requirePaymentsConfig, type PaymentsConfig} from '#netlify/platform/payments/config'
import {createPaymentLink, GatewayError, isSandboxOrder, type GatewayPaymentLink} from '#netlify/platform/payments/gateway'
import {confirmationUrl, staffNotice} from '../enrolments/paid-enrolment'
import {receiptContext} from '../receipts/context'
import {allocateReceiptNumber} from '../receipts/receipt-number'

const store = () => openStore(STORES.enrolments)

/** The local page a sandbox payment link opens: /pay/link/{linkId}. */
export const paymentLinkPath = (linkId: string) => `/pay/link/${encodeURIComponent(linkId)}`

/** The answer of a gateway timeout (504). */
export const LINK_TIMEOUT_MESSAGE = 'The payment gateway did not answer in time. No link was sent: try again in a minute.'

/** The cadetship's installment schedule from the content (Sanity, or the seed). Throws when the content cannot be read. */
export async function cadetshipSchedule(): Promise<ScheduleRow[]> {
  const content = await fetchContent(NEXT_STEPS_QUERY)
  return installmentSchedule(content.cadetship?.installments)
}

/** The schedule of `record`'s programme: the cadetship's, or null for any other programme. */
export async function installmentScheduleOf(record: Pick<EnrolmentRecord, 'trainingProgram'>): Promise<ScheduleRow[] | null> {
  return record.trainingProgram === CADETSHIP_TRAINING ? cadetshipSchedule() : null
}

/**
 * installmentScheduleOf for an answer that must not fail on the content (the admin detail, and
 * the answers of a status change or a refund already made): null, logged, when it cannot be read.
 */
export async function installmentScheduleOrNull(record: Pick<EnrolmentRecord, 'trainingProgram' | 'orderId'>): Promise<ScheduleRow[] | null> {
  try {
    return await installmentScheduleOf(record)
  } catch (error) {
    console.error(`[installments] the cadetship schedule could not be read for ${record.orderId}: the detail goes without installments`, error)
    return null
  }
}

/** Every installment of `record` at `now` (installment 1 is the enrolment's own payment). */
export function installmentViewsOf(record: EnrolmentRecord, schedule: readonly ScheduleRow[], now = new Date()): InstallmentView[] {
  return installmentViews(
    schedule,
    {
      firstPaid: wasPaid(record),
      ...(record.receiptNumber ? {receiptNumber: record.receiptNumber} : {}),
      ...(record.paidAt ? {paidAt: record.paidAt} : {}),
      links: record.installmentLinks ?? [],
    },
    now,
  )
}

/** What requestInstallmentLink made: the link as stored, the record after it, and the installment's view. */
export type LinkOutcome = {link: InstallmentLink; record: EnrolmentRecord; installment: InstallmentView; schedule: ScheduleRow[]}

/**
 * Creates the payment link of installment `number` of the cadetship enrolment `orderId` as
 * staff `account` (see the module comment). Throws ServiceError: not-found 'Enrolment not found';
 * invalid not a cadetship enrolment or no such installment; conflict installment 1 unpaid, a link
 * open, or the installment paid (the domain's LINK_MESSAGES); upstream (the gateway's reason) and timeout,
 * with no link sent (the attempt kept `failed`). Blobs or content failures are thrown as they are.
 */
export async function requestInstallmentLink(
  orderId: string,
  number: number,
  options: {account: string; now?: Date; config?: PaymentsConfig},
): Promise<LinkOutcome> {
  const now = options.now ?? new Date()
  const config = options.config ?? requirePaymentsConfig()
  const existing = await getEnrolment(orderId)
  if (!existing) throw new ServiceError('not-found', 'Enrolment not found')
  const cadetship = existing.trainingProgram === CADETSHIP_TRAINING
  const schedule = cadetship ? await cadetshipSchedule() : []
  const row = schedule.find((r) => r.number === number)

  // 1. Reserve.
  let reserved: InstallmentLink | null = null
  const {refusal} = await updateJSON<EnrolmentRecord, ServiceError>(store(), orderId, (current) => {
    reserved = null
    if (!current) return refuse(new ServiceError('not-found', 'Enrolment not found'))
    const links = current.installmentLinks ?? []
    const problem = linkRequestProblem({cadetship, scheduleLength: schedule.length, firstPaid: wasPaid(current), links}, number, now)
    if (problem) return refuse(new ServiceError(problem.status === 400 ? 'invalid' : 'conflict', problem.message))
    const attempt = links.filter((link) => link.number === number).length + 1
    const link: InstallmentLink = {
      number,
      referenceId: linkReferenceId(orderId, number, attempt),
      status: 'creating',
      amountMinor: row!.amountMinor,
      currency: INSTALLMENT_CURRENCY,
      createdAt: now.toISOString(),
      expireBy: linkExpiry(now),
      by: options.account,
    }
    reserved = link
    return {...current, installmentLinks: [...links, link], updatedAt: now.toISOString()}
  })
  if (refusal) throw refusal
  const link = reserved as InstallmentLink | null
  if (!link) throw new Error(`Enrolment ${orderId} vanished while a payment link was being reserved`)

  // 2. Ask the gateway.
  let answer: GatewayPaymentLink
  try {
    answer = await createPaymentLink(config, {
      amountMinor: link.amountMinor,
      currency: link.currency,
      referenceId: link.referenceId,
      description: `${existing.courseName}: ${installmentOfText(number, schedule.length)}`,
      customer: {name: existing.name, email: existing.email, contact: existing.mobile},
      expireBy: Math.floor(Date.parse(link.expireBy) / 1000),
      notes: {order_id: orderId, installment: String(number)},
      sandbox: {
        url: (linkId) => absoluteUrl(publicOrigin(), paymentLinkPath(linkId)),
        keep: (made) =>
          openStore(STORES.sandboxPaymentLinks).setJSON(made.id, {
            linkId: made.id,
            orderId,
            number,
            referenceId: link.referenceId,
            amountMinor: made.amount,
            currency: made.currency,
            expireBy: link.expireBy,
            createdAt: link.createdAt,
          } satisfies SandboxLink),
      },
    })
  } catch (error) {
    await failReservation(orderId, link.referenceId, error instanceof GatewayError ? error.message : 'unexpected error')
    if (!(error instanceof GatewayError)) throw error
    console.error(`[installments] ${orderId}: the payment link of installment ${number} failed at the gateway`, error)
    if (error.statusCode === undefined) throw new ServiceError('timeout', LINK_TIMEOUT_MESSAGE)
    throw new ServiceError('upstream', `The payment gateway refused the payment link: ${error.message.replace(/[.\s]+$/, '')}. No link was sent.`)
  }

  // 3. Record.
  let stored: InstallmentLink | null = null
  const {value} = await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    stored = null
    if (!current) return undefined
    const links = current.installmentLinks ?? []
    const index = links.findIndex((l) => l.referenceId === link.referenceId && l.status === 'creating')
    if (index < 0) return undefined
    const updated: InstallmentLink = {...links[index]!, status: 'requested', linkId: answer.id, shortUrl: answer.shortUrl}
    stored = updated
    const note = `Payment link for the ${installmentOfText(number, schedule.length)} (${formatAmountMinor(updated.amountMinor, updated.currency)}): ${answer.id}`
    return {
      ...current,
      installmentLinks: links.map((l, i) => (i === index ? updated : l)),
      history: [...(current.history ?? []), {at: now.toISOString(), by: options.account, note}],
      updatedAt: now.toISOString(),
    }
  })
  const made = stored as InstallmentLink | null
  if (!value || !made) throw new Error(`Enrolment ${orderId} lost its payment link ${answer.id} while it was being recorded`)
  await indexEnrolmentSafely(value)
  await sendLinkEmail(value, made, schedule, now)
  const installment = installmentViewsOf(value, schedule, now).find((view) => view.number === number)!
  return {link: made, record: value, installment, schedule}
}

/**
 * Marks the `creating` link `referenceId` failed (the gateway refused it or did not answer): it
 * no longer blocks a new link, and the next one gets the next reference id.
 */
async function failReservation(orderId: string, referenceId: string, reason: string): Promise<void> {
  await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    if (!current?.installmentLinks?.some((l) => l.referenceId === referenceId && l.status === 'creating')) return undefined
    return {
      ...current,
      installmentLinks: current.installmentLinks.map((l) =>
        l.referenceId === referenceId && l.status === 'creating' ? {...l, status: 'failed' as const, failureReason: reason.slice(0, 300)} : l,
      ),
    }
  })
}

/** Queues the link's e-mail to the candidate (`installment-link:{reference id}`, once) and tries it within 5 s. Never throws (logged for staff). */
async function sendLinkEmail(record: EnrolmentRecord, link: InstallmentLink, schedule: readonly ScheduleRow[], now: Date): Promise<void> {
  try {
    const context = await receiptContext()
    const row = schedule.find((r) => r.number === link.number)
    const message = await installmentLinkMessage({
      referenceId: link.referenceId,
      email: record.email,
      provider: context.provider,
      candidateName: record.name,
      course: record.courseName,
      number: link.number,
      of: schedule.length,
      label: row?.label ?? `Installment ${link.number}`,
      duration: row?.duration ?? '',
      amountMinor: link.amountMinor,
      currency: link.currency,
      url: link.shortUrl ?? '',
      expireBy: link.expireBy,
      sandbox: isSandboxOrder(record),
    })
    const {id} = await enqueue(message, {now})
    await deliverOne(id, {now, timeoutMs: VISITOR_SEND_TIMEOUT_MS})
  } catch (error) {
    console.error(`[installments] REVIEW: the payment link e-mail ${link.referenceId} could not be queued`, error)
  }
}

/** A payment link as Razorpay's payment_link events carry it (payload.payment_link.entity), the fields read. */
export type PaymentLinkEvent = {
  event: 'payment_link.paid' | 'payment_link.expired'
  linkId: string
  referenceId: string | null
  notes: {order_id?: string; installment?: string}
  /** The payment (payment_link.paid): its id, amount (minor units) and currency. */
  payment?: {id: string; amount: number; currency: string}
}

/** What an event did. */
export type LinkEventResult = {
  status: 'installment-paid' | 'installment-flagged' | 'installment-expired' | 'installment-unchanged' | 'ignored'
  orderId?: string
}

/** The order id of a link event: its notes' order_id, else the part of its reference id before `-i{n}`. */
function orderIdOf(event: PaymentLinkEvent): string | null {
  const candidate = event.notes.order_id ?? /^(order_[A-Za-z0-9_]{6,64})-i\d+(?:-\d+)?$/.exec(event.referenceId ?? '')?.[1]
  return candidate && /^order_[A-Za-z0-9_]{6,64}$/.test(candidate) ? candidate : null
}

/**
 * Applies a payment_link.paid / payment_link.expired event (see the module comment). An event
 * for a link we do not know answers `ignored` (logged); never throws for an event that cannot
 * apply. Paid: the installment's receipt is numbered and queued (idempotent).
 */
export async function applyPaymentLinkEvent(event: PaymentLinkEvent, now = new Date()): Promise<LinkEventResult> {
  const orderId = orderIdOf(event)
  const record = orderId ? await getEnrolment(orderId) : null
  if (!orderId || !record?.installmentLinks?.some((l) => l.linkId === event.linkId)) {
    console.warn(`[webhook] ${event.event}: payment link ${event.linkId} (${event.referenceId ?? 'no reference'}) matches no installment: ignored`)
    return {status: 'ignored', ...(orderId ? {orderId} : {})}
  }
  let outcome: LinkEventResult['status'] = 'installment-unchanged'
  const at = now.toISOString()
  const {value, changed} = await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    outcome = 'installment-unchanged'
    const links = current?.installmentLinks ?? []
    const index = links.findIndex((l) => l.linkId === event.linkId)
    if (!current || index < 0) return void (outcome = 'ignored')
    const link = links[index]!
    let updated: InstallmentLink
    let note: string
    if (event.event === 'payment_link.expired') {
      if (link.status !== 'requested') return undefined
      updated = {...link, status: 'expired', expiredAt: at}
      note = `Payment link ${event.linkId} of installment ${link.number} expired unpaid`
      outcome = 'installment-expired'
    } else {
      const payment = event.payment!
      if (link.paymentId === payment.id || link.status === 'paid') {
        if (link.paymentId !== payment.id)
          console.error(
            `[webhook] REVIEW: a second payment ${payment.id} for payment link ${event.linkId} (order ${orderId}), already paid by ${link.paymentId}`,
          )
        return undefined
      }
      if (links.some((l) => l.number === link.number && l.status === 'paid')) {
        console.error(
          `[webhook] REVIEW: payment ${payment.id} of link ${event.linkId} for installment ${link.number} of ${orderId}, which another link already paid`,
        )
        updated = {
          ...link,
          paymentId: payment.id,
          paidAmountMinor: payment.amount,
          flag: `A second payment (${payment.id}) for an installment already paid: check with the gateway.`,
        }
        note = `REVIEW: ${updated.flag}`
        outcome = 'installment-flagged'
      } else if (payment.amount !== link.amountMinor || payment.currency !== link.currency) {
        const paid = formatAmountMinor(payment.amount, payment.currency)
        const asked = formatAmountMinor(link.amountMinor, link.currency)
        console.error(`[webhook] REVIEW: payment ${payment.id} of link ${event.linkId} (order ${orderId}) is ${paid}, the link asks ${asked}: NOT marked paid`)
        updated = {
          ...link,
          paymentId: payment.id,
          paidAmountMinor: payment.amount,
          flag: `Paid ${paid} but the link asked ${asked}: check with the gateway (${payment.id}).`,
        }
        note = `REVIEW: ${updated.flag}`
        outcome = 'installment-flagged'
      } else {
        updated = {...link, status: 'paid', paymentId: payment.id, paidAt: at, paidAmountMinor: payment.amount}
        note = `Installment ${link.number} paid through payment link ${event.linkId}: ${payment.id}`
        outcome = 'installment-paid'
      }
    }
    return {
      ...current,
      installmentLinks: links.map((l, i) => (i === index ? updated : l)),
      history: [...(current.history ?? []), {at, by: 'Razorpay (webhook)', note}],
      updatedAt: at,
    }
  })
  if (value && changed) await indexEnrolmentSafely(value)
  const link = value?.installmentLinks?.find((l) => l.linkId === event.linkId)
  // Paid (now, or before with its receipt never finished): the receipt, idempotently.
  // A failure is thrown: the webhook answers 5xx and Razorpay delivers the event again, which
  // finds the installment paid and issues the receipt then.
  if (link?.status === 'paid' && !link.receiptNumber) await issueInstallmentReceipt(orderId, event.linkId, now, {rethrow: true})
  return {status: outcome, orderId}
}

/**
 * Numbers the receipt of the paid link `linkId` of `orderId` (key `{orderId}-i{n}`: one number per
 * installment, whoever calls), queues the receipt e-mail with its PDF — the enrolment's receipt
 * with the installment's amount, payment and "(2nd installment of 3)" after the course — and the
 * staff notice ("Installment paid {number}: …", to the enrolment notices' recipients), stores the
 * number on the link, and tries to send both within 5 s. Failures are logged (REVIEW) and, with
 * `rethrow` (the webhook: Razorpay retries a 5xx), thrown; otherwise it resolves to null.
 */
export async function issueInstallmentReceipt(orderId: string, linkId: string, now = new Date(), options: {rethrow?: boolean} = {}): Promise<string | null> {
  try {
    const record = await getEnrolment(orderId)
    const link = record?.installmentLinks?.find((l) => l.linkId === linkId)
    if (!record || !link || link.status !== 'paid' || !link.paidAt || !link.paymentId) return null
    if (link.receiptNumber) return link.receiptNumber
    const [context, schedule] = await Promise.all([receiptContext(), cadetshipSchedule()])
    const {receiptNumber} = await allocateReceiptNumber(context.prefix, link.paidAt, installmentReceiptKey(orderId, link.number), now)
    const {documents, overCapacity: _over, ...facts} = enrolmentFacts(record)
    const installment = installmentOfText(link.number, Math.max(schedule.length, link.number))
    const payment = {amountMinor: link.amountMinor, currency: link.currency, paidAt: link.paidAt, paymentId: link.paymentId}
    const [message, notice] = await Promise.all([
      receiptMessage({
        ...facts,
        ...payment,
        course: `${record.courseName} (${installment})`,
        provider: context.provider,
        receiptNumber,
        refundPolicy: context.refundPolicy,
        confirmationUrl: confirmationUrl(record),
      }),
      staffNotice(context, receiptNumber, {...facts, ...payment, documents}, {installment}),
    ])
    const [{id}, {id: noticeId}] = await Promise.all([enqueue(message, {now}), enqueue(notice, {now})])
    await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
      const links = current?.installmentLinks ?? []
      const index = links.findIndex((l) => l.linkId === linkId)
      if (!current || index < 0 || links[index]!.receiptNumber) return undefined
      return {...current, installmentLinks: links.map((l, i) => (i === index ? {...l, receiptNumber} : l)), updatedAt: now.toISOString()}
    })
    await Promise.all([id, noticeId].map((messageId) => deliverOne(messageId, {now, timeoutMs: VISITOR_SEND_TIMEOUT_MS})))
    return receiptNumber
  } catch (error) {
    console.error(`[installments] REVIEW: the receipt of payment link ${linkId} (order ${orderId}) could not be issued`, error)
    if (options.rethrow) throw error
    return null
  }
}

/** The sandbox gateway's record of a payment link it made (store `sandbox-payment-links`, key its `plink_sandbox_…` id). */
export type SandboxLink = {
  linkId: string
  orderId: string
  number: number
  referenceId: string
  amountMinor: number
  currency: string
  expireBy: string
  createdAt: string
}

/** The sandbox link `linkId`, or null (also for an id not of the sandbox's shape). */
export async function getSandboxLink(linkId: string): Promise<SandboxLink | null> {
  if (!/^plink_sandbox_[A-Za-z0-9]{14}$/.test(linkId)) return null
  return ((await openStore(STORES.sandboxPaymentLinks).get(linkId, {type: 'json'})) as SandboxLink | null) ?? null
}

/** A fresh sandbox event id for a link event (`evt_sandbox_…`). */
export const sandboxEventId = () => `evt_sandbox_${randomBytes(9).toString('hex')}`
