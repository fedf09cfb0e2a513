/**
 * Prices as the site shows and charges them (docs/requirements.md#req-constants-payment,
 * #req-inr), imported by the pages in the browser and on the server, and by the API functions.
 *
 * Units: `usd` values are US dollars (major units, may have cents); `inr` values are whole
 * Indian rupees (major units); `minor` values are cents or paise (integer, 1/100 of the major
 * unit for both currencies). How amounts are written (formatUsd, formatInr, formatMoney) is
 * ./format.ts's. Nothing here throws.
 */
import {formatUsd} from './format'

/** The currencies an enrolment can be paid in: USD always, INR where the content has an INR price. */
export const CURRENCIES = ['USD', 'INR'] as const
export type Currency = (typeof CURRENCIES)[number]

/** Whether `value` is one of CURRENCIES (exact, upper case). */
export const isCurrency = (value: unknown): value is Currency => CURRENCIES.includes(value as Currency)

/**
 * What a course costs: a fixed USD price, or "Contact for pricing"; optionally its INR price as
 * the editors typed it in Studio (`priceInr`, text such as "₹45,000": parseInrPrice).
 */
export type CoursePrice = {pricing: 'fixed' | 'contact' | string | null; priceUsd?: number | null; priceInr?: string | null}

/** The label shown when a course has no fixed price (docs/requirements.md#req-entities-catalogue). */
export const CONTACT_FOR_PRICING = 'Contact for pricing'

/**
 * The course's payable price in USD, or null when it must be quoted ("Contact for pricing"): the
 * one rule for "can this course be paid online, and for how much", used by the price label, the
 * enrolment quote, the category page and the structured data.
 */
export function payableUsd(course: CoursePrice): number | null {
  return course.pricing === 'fixed' && typeof course.priceUsd === 'number' ? course.priceUsd : null
}

/** The highest INR price a course may carry (₹10,00,000: the enrolment form's amount limit). */
export const MAX_INR_PRICE = 1_000_000

/**
 * The INR price text of a course's content (`priceInr`, as editors type it in Studio) as a whole
 * number of rupees, or null when it is empty or not exactly one whole amount. Accepted: an
 * optional "₹", "Rs", "Rs." or "INR" before the digits (a space between allowed), and digits
 * either plain ("45000") or grouped by commas the Indian way ("1,25,000") or the Western way
 * ("125,000"), optionally followed by ".00". Refused (null): ranges ("₹40,000–45,000"), words
 * ("approx. ₹45k"), paise (".50"), misplaced commas ("4,5000"), 0, negative numbers and amounts above
 * MAX_INR_PRICE. No exchange rate is ever applied: a course without a readable INR price is
 * simply not payable in INR.
 */
export function parseInrPrice(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null
  const match = /^(?:₹|Rs\.?|INR)?\s*(\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.00?)?$/i.exec(text.trim())
  if (!match) return null
  const rupees = Number(match[1]!.replaceAll(',', ''))
  return Number.isSafeInteger(rupees) && rupees > 0 && rupees <= MAX_INR_PRICE ? rupees : null
}

/**
 * The course's payable price in INR (whole rupees), or null: only a fixed-price course that is
 * payable in USD (payableUsd) and whose content carries an INR price (parseInrPrice) can be paid
 * in INR. The one rule for "can this course be paid in INR, and for how much", used
 * by the course cards, the /payment form and create-order.
 */
export function payableInr(course: CoursePrice): number | null {
  return payableUsd(course) === null ? null : parseInrPrice(course.priceInr)
}

/** The course's payable price in `currency` (major units), or null when it cannot be paid in it (payableUsd, payableInr). */
export function payableIn(course: CoursePrice, currency: Currency): number | null {
  return currency === 'INR' ? payableInr(course) : payableUsd(course)
}

/** The price label of a course: "$150" (payableUsd) or "Contact for pricing". */
export function coursePriceLabel(course: CoursePrice): string {
  const usd = payableUsd(course)
  return usd === null ? CONTACT_FOR_PRICING : formatUsd(usd)
}

/**
 * The amount a visitor may send: a positive number of US dollars that is a
 * whole number of cents (at most 2 decimals: 99.99 yes, 99.995 no), or the form's text of one
 * ("50", "49.50": digits, an optional point and 1-2 decimals, nothing else: no spaces, signs,
 * exponents or hex). Returns the USD number, or null for anything else (arrays, booleans, " 100 ",
 * "0x64", 1e400).
 */
export function parseAmountUsd(value: unknown): number | null {
  const usd = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}(?:\.\d{1,2})?$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isFinite(usd) || usd <= 0) return null
  return Math.abs(usd * 100 - toMinorUnits(usd)) < 1e-6 ? usd : null
}

/**
 * Major → minor units, rounded to the nearest one (docs/requirements.md#req-calls: amount x 100,
 * rounded): US dollars → cents, Indian rupees → paise (₹45,000 → 4,500,000 paise, what Razorpay's
 * order takes for INR).
 */
export function toMinorUnits(usd: number): number {
  return Math.round(usd * 100)
}

/** Cents → US dollars, paise → rupees (an order's `amount` in minor units, shown in major units): the inverse of toMinorUnits. */
export function fromMinorUnits(minor: number): number {
  return minor / 100
}
