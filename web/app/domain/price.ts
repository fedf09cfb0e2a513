/**
 * Prices as the site shows and charges them (docs/requirements.md#req-constants-payment), imported by the
 * pages in the browser and on the server, and by the API functions.
 *
 * Units: `usd` values are US dollars (major units, may have cents); `minor` values are
 * cents (integer). How amounts are written (formatUsd, formatMoney) is ./format.ts's.
 * Nothing here throws.
 */
import {formatUsd} from './format'

/** What a course costs: a fixed USD price, or "Contact for pricing". */
export type CoursePrice = {pricing: 'fixed' | 'contact' | string | null; priceUsd?: number | null}

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

/** The price label of a course: "$150" (payableUsd) or "Contact for pricing". */
export function coursePriceLabel(course: CoursePrice): string {
  const usd = payableUsd(course)
  return usd === null ? CONTACT_FOR_PRICING : formatUsd(usd)
}

/**
 * The amount a visitor may send (issue 12, finding 12): a positive number of US dollars that is a
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

/** US dollars → cents, rounded to the nearest cent (docs/requirements.md#req-calls: amount x 100, rounded). */
export function toMinorUnits(usd: number): number {
  return Math.round(usd * 100)
}

/** Cents → US dollars (an order's `amount` in minor units, shown as dollars): the inverse of toMinorUnits. */
export function fromMinorUnits(minor: number): number {
  return minor / 100
}
