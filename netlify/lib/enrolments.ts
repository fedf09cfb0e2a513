/**
 * Enrolments in Netlify Blobs (store `enrolments`, strong consistency), one JSON record per
 * order, keyed by the order id.
 *
 * Life of a record: createPending (create-order, `onlyIfNew`) → markPaid (save callback or
 * Razorpay webhook, a conditional read-modify-write through updateJSON). markPaid is
 * idempotent: the same payment id again changes nothing; a different payment id for a paid
 * order is refused (409) and logged, and the stored payment is never overwritten.
 * Both keep the admin list's index (./enrolment-index.ts) up to date after the record write.
 */
import {HttpError} from './http'
import {listKeys, openStore, STORES, updateJSON} from './blobs'
import {isOrderId} from '../../schemas/api/ids'
import type {Attachment} from './uploads'
import type {PaymentsMode} from './payments/config'
import {indexEnrolmentSafely} from './enrolment-index'
import type {EnrolmentStatus} from '../../schemas/api/admin'

export type {EnrolmentStatus} from '../../schemas/api/admin'
export type PaidVia = 'callback' | 'webhook'

export type EnrolmentRecord = {
  orderId: string
  /** Our reference, sent to Razorpay as the order's receipt. */
  receipt: string
  status: EnrolmentStatus
  name: string
  email: string
  mobile: string
  trainingProgram: string
  trainingProgramName: string
  course: string
  courseName: string
  /** Jurisdiction key (competency training), else ''. */
  country: string
  countryName: string
  /** USD, major units, as quoted from the catalogue. */
  amount: number
  /** The order's amount in minor units (cents). */
  amountMinor: number
  currency: string
  attachments: Attachment[]
  paymentId?: string
  paidAt?: string
  paidVia?: PaidVia
  createdAt: string
  updatedAt: string
  mode: PaymentsMode
}

export type NewEnrolment = Omit<EnrolmentRecord, 'status' | 'paymentId' | 'paidAt' | 'paidVia' | 'createdAt' | 'updatedAt'>

const store = () => openStore(STORES.enrolments)

/** Stores a new pending enrolment. Throws if a record with this order id already exists. */
export async function createPending(enrolment: NewEnrolment, now = new Date()): Promise<EnrolmentRecord> {
  const timestamp = now.toISOString()
  const record: EnrolmentRecord = {...enrolment, status: 'pending', createdAt: timestamp, updatedAt: timestamp}
  const result = await store().setJSON(record.orderId, record, {onlyIfNew: true})
  if (!result.modified) throw new Error(`An enrolment for order ${record.orderId} already exists`)
  await indexEnrolmentSafely(record)
  return record
}

/** The enrolment of an order, or null. */
export async function getEnrolment(orderId: string): Promise<EnrolmentRecord | null> {
  return ((await store().get(orderId, {type: 'json'})) as EnrolmentRecord | null) ?? null
}

/**
 * The keys of the enrolment records: the store's keys that are order ids (schemas/api/ids.ts),
 * never a temporary file of the Blobs emulation or anything else (issue 12, finding 7).
 */
export function listEnrolmentKeys(): Promise<string[]> {
  return listKeys(store(), isOrderId)
}

/** Every enrolment, newest first (the order-id keys + one get each; for tests and small volumes). */
export async function listEnrolments(): Promise<EnrolmentRecord[]> {
  const keys = await listEnrolmentKeys()
  const records = await Promise.all(keys.map((key) => getEnrolment(key)))
  return records.filter((record): record is EnrolmentRecord => record !== null).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/** `changed`: this call marked the order paid (false when it already was, by the same payment). */
export type MarkPaidResult = {record: EnrolmentRecord; changed: boolean}

/**
 * Marks the order paid by `paymentId`. Resolves with the stored record and whether this call
 * changed it (false when it was already paid by the same payment). Throws HttpError 404 for
 * an unknown order and 409 when the order is already paid by another payment.
 * `extraAttachments` (documents posted with the save call) are appended once.
 */
export function markPaid(orderId: string, paymentId: string, via: PaidVia, options: {extraAttachments?: Attachment[]; now?: () => Date} = {}): Promise<MarkPaidResult> {
  return markPaidNow(orderId, paymentId, via, options)
}

async function markPaidNow(orderId: string, paymentId: string, via: PaidVia, options: {extraAttachments?: Attachment[]; now?: () => Date}): Promise<MarkPaidResult> {
  const now = options.now ?? (() => new Date())
  let outcome = 'missing' as 'missing' | 'same' | 'conflict' | 'paid'
  let existing = null as EnrolmentRecord | null
  const {value, changed} = await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    existing = current
    if (!current) {
      outcome = 'missing'
      return undefined
    }
    const extra = (options.extraAttachments ?? []).filter((a) => !current.attachments.some((b) => b.uploadId === a.uploadId))
    if (current.status === 'paid') {
      if (current.paymentId !== paymentId) {
        outcome = 'conflict'
        return undefined
      }
      outcome = 'same'
      if (extra.length === 0) return undefined
      return {...current, attachments: [...current.attachments, ...extra], updatedAt: now().toISOString()}
    }
    outcome = 'paid'
    const timestamp = now().toISOString()
    return {...current, attachments: [...current.attachments, ...extra], status: 'paid', paymentId, paidAt: timestamp, paidVia: via, updatedAt: timestamp}
  })
  if (outcome === 'missing') throw new HttpError(404, 'Unknown order')
  if (outcome === 'conflict') {
    console.error(
      `[enrolments] REVIEW: order ${orderId} is already paid by ${existing?.paymentId} (${existing?.paidVia}); refused a second payment ${paymentId} via ${via}. Check the Razorpay dashboard and refund if it was captured.`,
    )
    throw new HttpError(409, 'This order is already paid by another payment')
  }
  if (!value) throw new Error(`Enrolment ${orderId} vanished while it was being marked paid`)
  // Also when nothing changed: a no-op unless an earlier index write was lost (self-repair).
  await indexEnrolmentSafely(value)
  return {record: value, changed: changed && outcome === 'paid'}
}
