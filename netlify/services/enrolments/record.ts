/**
 * The shape of an enrolment record as stored in the `enrolments` Blobs store (one JSON record per
 * order, keyed by the order id). Types only: the record's writers live in ./enrolments.ts, the
 * admin list's index in ./enrolment-index.ts; both import this module, neither imports the
 * other's values (the index never reads records: ./enrolment-repair.ts does).
 */
import type {EnrolmentHistoryEntry, EnrolmentStatus, Refund} from '#schemas/contracts/admin'
import type {TermsAcceptance} from '#schemas/rules/terms'
import type {InstallmentLink} from '#schemas/rules/installments'
import type {PaymentsMode} from '#netlify/platform/payments/config'
import type {Attachment} from '../uploads/uploads'
import type {StoredDateChangeRequest} from '#schemas/contracts/date-change'

export type {EnrolmentHistoryEntry, EnrolmentStatus} from '#schemas/contracts/admin'
/** How the payment reached us: the browser's save call, Razorpay's webhook, staff's / the job's check with the gateway, or finance recording a bank transfer against a pro-forma. */
export type PaidVia = 'callback' | 'webhook' | 'reconciliation' | 'bank-transfer'

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
  /** Major units of `currency`, as quoted from the catalogue (USD dollars, or INR rupees). */
  amount: number
  /** The order's amount in minor units of `currency` (cents, or paise for INR). */
  amountMinor: number
  /** The paid currency, ISO code: 'USD' or 'INR' (docs/requirements.md#req-inr). */
  currency: string
  attachments: Attachment[]
  paymentId?: string
  paidAt?: string
  paidVia?: PaidVia
  createdAt: string
  updatedAt: string
  mode: PaymentsMode
  /**
   * Set when the purge of stale pending enrolments has claimed this record for deletion
   * (ISO 8601). From then on nothing but the purge touches it: markPaid refuses it.
   */
  purgeStartedAt?: string
  /**
   * The random key (128 bits, base64url) of the enrolment's confirmation page and receipt PDF:
   * given at createPending, or at markPaid for records of earlier versions.
   */
  confirmationKey?: string
  /**
   * The receipt number (schemas/rules/receipt-number.ts), set once the payment's receipt and
   * staff notice are in the outbox (netlify/services/enrolments/paid-enrolment.ts); absent while pending.
   */
  receiptNumber?: string
  /**
   * Staff's status changes and notes, oldest first (./enrolments.ts changeEnrolment,
   * schemas/rules/enrolment-status.ts). Only ever appended to; absent until the first entry.
   */
  history?: EnrolmentHistoryEntry[]
  /**
   * Refunds, oldest first (./refunds.ts, schemas/rules/refunds.ts). A refund is
   * written `requested` before the gateway is asked, then carries the gateway's id and state; a
   * refusal removes it again. Absent until the first refund.
   */
  refunds?: StoredRefund[]
  /**
   * The dated batch chosen at create-order, as it was then (a snapshot: later edits
   * of the batch in Sanity do not change it); absent for an order without a batch ("dates on
   * request": staff arrange the date).
   */
  batch?: EnrolmentBatch
  /**
   * Set when the payment arrived after the order's seat hold had gone and the seat with it
   * (schemas/rules/seats.ts confirmBooking): the enrolment is paid, and booked beyond
   * the batch's seats, for staff to sort out.
   */
  overCapacity?: boolean
  /**
   * The terms the candidate accepted before paying (schemas/rules/terms.ts): when
   * (create-order's time) and the "Last updated" dates of the Terms & Conditions and the
   * Cancellation & Refund Policy then. Absent for orders created by earlier versions.
   */
  termsAcceptance?: TermsAcceptance
  /**
   * The payment links of the cadetship's installments 2…n (./installments.ts,
   * schemas/rules/installments.ts), oldest first; absent until staff request the first.
   */
  installmentLinks?: InstallmentLink[]
  /**
   * When the retention deletion of the uploaded documents claimed them (ISO 8601;
   * docs/requirements.md#req-document-retention, ../uploads/retention.ts): from then on they are
   * gone for staff (downloads answer 410). Set once, never cleared. The `attachments` list stays
   * (names and sizes only) so staff see what was held.
   */
  documentsDeletedAt?: string
  /** True between the claim and the end of the deletion (bytes deleted, audit written); absent once it finished. */
  documentsDeletionPending?: true
  /**
   * The candidate's requests for another date, oldest first (./date-change.ts,
   * schemas/rules/date-change.ts): at most one pending. Absent until the first.
   */
  dateChangeRequests?: StoredDateChangeRequest[]
  /**
   * The name, date of birth and nationality for certificates as the candidate corrected them in
   * My training (netlify/services/account/documents.ts), until the first certificate under their
   * address; staff's certificate form starts from them. Absent until a first correction.
   */
  certificateHolder?: CertificateHolder
  /**
   * Set on the order of a company's group booking (netlify/services/group-bookings/): this record
   * is the order and its payment (one receipt, counted once in revenue), never a seat on the
   * roster; the booker is `name`/`email`. Absent on one candidate's enrolment.
   */
  groupOrder?: GroupOrderFacts
  /**
   * Set on a delegate named on a group booking: the enrolment of one seat the booking paid for
   * (amount 0, no receipt of its own), on the roster like any other enrolment.
   */
  delegateOf?: DelegateLink
}

/** What the order of a group booking carries for its receipt and the lists. Money in minor units of the record's currency. */
export type GroupOrderFacts = {
  bookingId: string
  company: string
  seats: number
  unitMinor: number
  subtotalMinor: number
  discountPercent: number
  discountMinor: number
  payBy: 'card' | 'invoice'
  poNumber?: string
  taxId?: string
  proformaNumber?: string
}

/** A delegate's link to the group booking that pays for their seat: its id, the company and the seat's slot (1…). */
export type DelegateLink = {bookingId: string; company: string; slot: number}

/** The holder's details for certificates, as the candidate gave them. `dateOfBirth` 'YYYY-MM-DD'; `updatedAt` ISO 8601. */
export type CertificateHolder = {name: string; dateOfBirth: string; nationality: string; updatedAt: string}

/** The batch of an enrolment as stored: its id and what the candidate chose. Dates 'YYYY-MM-DD'. */
export type EnrolmentBatch = {
  id: string
  startDate: string
  endDate: string
  city: string
  venue: string | null
  /** The country of the batch's location. */
  country: string
}

/**
 * A refund as stored: the API's Refund plus the request's idempotency key (the same key is the
 * same refund, also at Razorpay: X-Refund-Idempotency) and the enrolment's status when the
 * refund was asked for (restored if every refund fails).
 */
export type StoredRefund = Refund & {idempotencyKey: string; statusBefore: EnrolmentStatus}

export type NewEnrolment = Omit<
  EnrolmentRecord,
  | 'status'
  | 'paymentId'
  | 'paidAt'
  | 'paidVia'
  | 'createdAt'
  | 'updatedAt'
  | 'purgeStartedAt'
  | 'confirmationKey'
  | 'receiptNumber'
  | 'history'
  | 'refunds'
  | 'overCapacity'
  | 'installmentLinks'
  | 'documentsDeletedAt'
  | 'documentsDeletionPending'
  | 'dateChangeRequests'
  | 'certificateHolder'
>
