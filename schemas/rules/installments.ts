/**
 * Cadetship installments (docs/requirements.md#req-installments): the one home of the
 * rule, imported by the payment form, the confirmation page, the admin area and the functions.
 *
 * - The schedule comes from the cadetship content (`cadetshipProgramme.installments`: label,
 *   duration, fee in USD, in the order they are paid). Installment 1 is the enrolment's own
 *   payment (create-order charges `enrolAmountUsd`, which the Studio keeps equal to the first
 *   installment); installments 2…n are paid through Razorpay Payment Links that staff request.
 * - Each installment is in one state: `due` (nothing requested yet), `requested` (a link is open:
 *   not paid, not expired), `paid` (with its receipt number once issued), `expired` (the latest
 *   link expired unpaid: staff may "Send a new link").
 * - One installment is paid once: a new link is refused (409) while one is open or the
 *   installment is paid, and before installment 1 is paid.
 * - A link's Razorpay `reference_id` is `{orderId}-i{n}` for the first link of installment n and
 *   `{orderId}-i{n}-{k}` for the k-th (k ≥ 2, after an expiry): Razorpay requires reference ids
 *   to be unique per account, so a new link after an expiry cannot reuse the first one's.
 * Amounts are integer minor units (cents) of USD; times are ISO 8601 (UTC). No imports of server
 * code: the browser bundles it.
 */

/** How long a payment link stays payable (seconds): 30 days. */
export const PAYMENT_LINK_EXPIRY_SECONDS = 30 * 24 * 60 * 60

/** The currency of the cadetship's installments (the content's fees are USD). */
export const INSTALLMENT_CURRENCY = 'USD'

/** One installment as the content holds it (cadetshipProgramme.installments[]). */
export type InstallmentContent = {label?: string | null; duration?: string | null; feeUsd?: number | null}

/** One row of the schedule: its number (1-based), label, duration, fee in USD and in minor units. */
export type ScheduleRow = {number: number; label: string; duration: string; feeUsd: number; amountMinor: number}

/** The states an installment can be in. */
export const INSTALLMENT_STATES = ['due', 'requested', 'paid', 'expired'] as const
export type InstallmentState = (typeof INSTALLMENT_STATES)[number]

/** Visible words of the states. */
export const INSTALLMENT_STATE_LABELS: Record<InstallmentState, string> = {due: 'Due', requested: 'Requested', paid: 'Paid', expired: 'Expired'}

/**
 * A payment link of an installment as stored on the enrolment record (`installmentLinks`, oldest
 * first). `creating` is the reservation written before the gateway is asked (so two requests at
 * once make one link); the gateway's id and URL follow. `failed`: the gateway refused it or did not
 * answer (kept, so the next link gets the next reference id: one Razorpay may have made after a
 * timeout is never asked for again under the same id). `amountMinor` is what the link asks;
 * `paidAmountMinor` what the gateway reported paid; `flag` is set when they differ (staff review,
 * never silently accepted).
 */
export type InstallmentLink = {
  number: number
  referenceId: string
  status: 'creating' | 'requested' | 'paid' | 'expired' | 'failed'
  amountMinor: number
  currency: string
  createdAt: string
  /** When the link stops being payable (ISO 8601): createdAt + 30 days. */
  expireBy: string
  /** Staff account that asked for it. */
  by: string
  linkId?: string
  shortUrl?: string
  paymentId?: string
  paidAt?: string
  paidAmountMinor?: number
  receiptNumber?: string
  expiredAt?: string
  flag?: string
  /** Why the gateway did not make it (`failed`). */
  failureReason?: string
}

/** What one installment shows: the schedule row, its state, and the link that decides it. */
export type InstallmentView = ScheduleRow & {
  state: InstallmentState
  /** The receipt number of a paid installment (installment 1: the enrolment's own). */
  receiptNumber?: string
  /** The open link's URL (requested). */
  linkUrl?: string
  linkId?: string
  expireBy?: string
  paidAt?: string
  /** A problem for staff (e.g. a payment whose amount differs from the link's). */
  flag?: string
}

/** "1st installment of 3" (the form's and the confirmation's words). */
export const installmentOfText = (number: number, of: number): string => `${ordinalOf(number)} installment of ${of}`

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 4 → '4th', 11 → '11th', 21 → '21st'. */
export function ordinalOf(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return `${n}th`
  const last = n % 10
  return `${n}${last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th'}`
}

/** USD major units → minor units (cents), rounded to the cent. */
const toMinor = (usd: number) => Math.round(usd * 100)

/**
 * The schedule from the content's installments: rows numbered from 1, label (else "{n}th
 * Installment"), duration (else ''), fee (an installment without a positive fee is dropped, so a
 * half-edited document never asks for $0). Returns [] for none.
 */
export function installmentSchedule(installments: readonly InstallmentContent[] | null | undefined): ScheduleRow[] {
  return (installments ?? [])
    .filter((item) => typeof item.feeUsd === 'number' && Number.isFinite(item.feeUsd) && item.feeUsd > 0)
    .map((item, index) => ({
      number: index + 1,
      label: item.label?.trim() || `${ordinalOf(index + 1)} Installment`,
      duration: item.duration?.trim() ?? '',
      feeUsd: item.feeUsd as number,
      amountMinor: toMinor(item.feeUsd as number),
    }))
}

/** The schedule's total in USD. */
export const scheduleTotalUsd = (schedule: readonly ScheduleRow[]): number => schedule.reduce((sum, row) => sum + row.feeUsd, 0)

/** The Razorpay reference id of the `attempt`-th link (1-based) of installment `number`: `{orderId}-i{n}`, then `{orderId}-i{n}-{k}`. */
export const linkReferenceId = (orderId: string, number: number, attempt: number): string =>
  attempt <= 1 ? `${orderId}-i${number}` : `${orderId}-i${number}-${attempt}`

/** The receipt key of installment `number` ≥ 2 (its receipt number is allocated once per key): `{orderId}-i{n}`. */
export const installmentReceiptKey = (orderId: string, number: number): string => `${orderId}-i${number}`

/** How long a `creating` reservation blocks a new request (ms): a request that crashed mid-way frees it after this. */
export const CREATING_STALE_MS = 2 * 60 * 1000

/** Whether `link` is still payable at `now`: requested (or being created, recently) and before its expiry. */
export function isOpen(link: InstallmentLink, now: Date): boolean {
  if (link.status === 'creating') return now.getTime() - Date.parse(link.createdAt) < CREATING_STALE_MS
  return link.status === 'requested' && Date.parse(link.expireBy) > now.getTime()
}

/** The state of installment `number` ≥ 2 from its links at `now`, with the link that decides it. */
export function linkState(links: readonly InstallmentLink[], number: number, now: Date): {state: InstallmentState; link?: InstallmentLink} {
  const mine = links.filter((link) => link.number === number && link.status !== 'creating' && link.status !== 'failed')
  const paid = mine.find((link) => link.status === 'paid')
  if (paid) return {state: 'paid', link: paid}
  const latest = mine.at(-1)
  if (!latest) return {state: 'due'}
  if (latest.status === 'expired' || Date.parse(latest.expireBy) <= now.getTime()) return {state: 'expired', link: latest}
  return {state: 'requested', link: latest}
}

/**
 * Every installment of an enrolment at `now`: installment 1 is `paid` with the enrolment's
 * receipt when `firstPaid`, else `due`; the others follow their links (linkState). A flag of any
 * of an installment's links (an amount mismatch) is shown on it.
 */
export function installmentViews(
  schedule: readonly ScheduleRow[],
  enrolment: {firstPaid: boolean; receiptNumber?: string; paidAt?: string; links?: readonly InstallmentLink[]},
  now: Date,
): InstallmentView[] {
  const links = enrolment.links ?? []
  return schedule.map((row) => {
    if (row.number === 1) {
      return enrolment.firstPaid
        ? {
            ...row,
            state: 'paid',
            ...(enrolment.receiptNumber ? {receiptNumber: enrolment.receiptNumber} : {}),
            ...(enrolment.paidAt ? {paidAt: enrolment.paidAt} : {}),
          }
        : {...row, state: 'due'}
    }
    const {state, link} = linkState(links, row.number, now)
    const flag = links.find((l) => l.number === row.number && l.flag)?.flag
    return {
      ...row,
      state,
      ...(link?.receiptNumber ? {receiptNumber: link.receiptNumber} : {}),
      ...(state === 'requested' && link?.shortUrl ? {linkUrl: link.shortUrl} : {}),
      ...(link?.linkId ? {linkId: link.linkId} : {}),
      ...(link ? {expireBy: link.expireBy} : {}),
      ...(link?.paidAt ? {paidAt: link.paidAt} : {}),
      ...(flag ? {flag} : {}),
    }
  })
}

/** The answers of a refused link request. */
export const LINK_MESSAGES = {
  notCadetship: 'Installments are only for cadetship enrolments.',
  badNumber: (count: number) => `The installment must be a number from 2 to ${count}.`,
  firstUnpaid: 'The 1st installment is not paid yet: the enrolment must be paid before the next installment is requested.',
  open: 'A payment link for this installment is already open: it must be paid or expire before a new one is sent.',
  paid: 'This installment is already paid.',
} as const

/**
 * Whether a new link for installment `number` may be created at `now`: null, or the refusal
 * (status 400: not a cadetship or no such installment; 409: installment 1 unpaid, a link open —
 * also one being created — or the installment paid).
 */
export function linkRequestProblem(
  input: {cadetship: boolean; scheduleLength: number; firstPaid: boolean; links: readonly InstallmentLink[]},
  number: number,
  now: Date,
): {status: 400 | 409; message: string} | null {
  if (!input.cadetship) return {status: 400, message: LINK_MESSAGES.notCadetship}
  if (!Number.isInteger(number) || number < 2 || number > input.scheduleLength)
    return {status: 400, message: LINK_MESSAGES.badNumber(Math.max(2, input.scheduleLength))}
  if (!input.firstPaid) return {status: 409, message: LINK_MESSAGES.firstUnpaid}
  const mine = input.links.filter((link) => link.number === number)
  if (mine.some((link) => link.status === 'paid')) return {status: 409, message: LINK_MESSAGES.paid}
  if (mine.some((link) => isOpen(link, now))) return {status: 409, message: LINK_MESSAGES.open}
  return null
}

/** The expiry of a link created at `now` (ISO 8601): now + PAYMENT_LINK_EXPIRY_SECONDS. */
export const linkExpiry = (now: Date): string => new Date(now.getTime() + PAYMENT_LINK_EXPIRY_SECONDS * 1000).toISOString()
