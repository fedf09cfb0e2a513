/**
 * The shape of a group booking as stored in the `group-bookings` Blobs store (one JSON record
 * per booking id, changed only through updateJSON). Types only.
 *
 * The booking is the company's side (who, how many seats, the pro-forma, the named delegates);
 * its order is an enrolment record (`orderId`, with `groupOrder`) that carries the payment, the
 * receipt, refunds and revenue exactly as one candidate's order does. Each named delegate is an
 * enrolment record of its own (`delegateOf`), amount 0, on the batch's roster.
 */
import type {Company} from '#schemas/contracts/group-bookings'
import type {GroupQuote, PayBy} from '#schemas/rules/group-booking'
import type {EnrolmentBatch} from '../enrolments/record'

/** A named seat: the delegate's details and their enrolment's order id. Dates 'YYYY-MM-DD', times ISO 8601. */
export type StoredDelegate = {
  slot: number
  orderId: string
  name: string
  email: string
  dateOfBirth: string
  nationality: string
  indos?: string
  /** 1 when first named, +1 at each swap (another person's e-mail): the key of their joining e-mail. */
  version: number
  namedAt: string
  updatedAt: string
}

/** Finance's record of a bank transfer against the pro-forma: amount in minor units, the day it arrived, the bank's reference. */
export type ProformaPayment = {amountMinor: number; date: string; reference: string; recordedBy: string; recordedAt: string}

/** Why a booking ended without its seats: `released` (the pro-forma was not paid by its due date), `cancelled` (by staff). */
export type BookingClosure = {reason: 'released' | 'cancelled'; at: string; by?: string; note?: string}

export type GroupBooking = {
  bookingId: string
  /** The random key (128 bits, base64url) of the booking's page /book/group/{bookingId}/{key}. */
  key: string
  /** The enrolment record of the booking's order (its payment, receipt and refunds). */
  orderId: string
  /** The batch as it was when booked (a snapshot). */
  batch: EnrolmentBatch
  trainingProgram: string
  course: string
  courseName: string
  company: Company
  /** The order's currency ('USD' or 'INR') and price, minor units (schemas/rules/group-booking.ts quoteGroup). */
  currency: string
  quote: GroupQuote
  payBy: PayBy
  /** Paying by invoice: the pro-forma's number and due date ('YYYY-MM-DD'). */
  proformaNumber?: string
  dueDate?: string
  payment?: ProformaPayment
  closed?: BookingClosure
  /** Named seats, by slot. */
  delegates: StoredDelegate[]
  createdAt: string
  updatedAt: string
}
