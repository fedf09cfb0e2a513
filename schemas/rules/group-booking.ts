/**
 * Group bookings for companies (docs/requirements.md#req-group-bookings): the pure rules of one
 * order for several seats of one batch, shared by the booking form in the browser and the server.
 *
 * - Seats: GROUP_MIN_SEATS to GROUP_MAX_SEATS, and never more than the batch has left.
 * - Price: the course's unit price (its payable price in the order's currency, minor units) ×
 *   seats, less the category's group discount for that many seats (the highest tier reached),
 *   rounded to the minor unit ONCE per order (quoteGroup). Never taken from the browser.
 * - Pro-forma (paying by invoice): its own gapless series `PF-YYYY-NNNNN`, due 7 days from the
 *   booking or 14 days before the start, whichever comes first (proformaDueDate). The seats stay
 *   held until the end of the due day in the provider's time zone (invoiceHoldExpiresAt).
 * - Delegates may be named, edited or swapped until 2 days before the start (canEditDelegates).
 * - Tax registration numbers are format-checked for India (GSTIN, with its check character) and
 *   the UAE (TRN); other countries' numbers are kept as typed.
 * Dates are 'YYYY-MM-DD' (the provider's day); money is integer minor units (cents, paise).
 */
import {providerToday} from './batches'

/** The fewest seats of a group booking (one seat is an ordinary enrolment). */
export const GROUP_MIN_SEATS = 2
/** The most seats of one group booking. */
export const GROUP_MAX_SEATS = 30
/** Days from the booking until its pro-forma is due, at the latest. */
export const PROFORMA_DAYS = 7
/** The pro-forma is due at the latest this many days before the batch starts. */
export const PROFORMA_DAYS_BEFORE_START = 14
/** Delegates may be changed until this many days before the start (that day included). */
export const DELEGATE_EDIT_DAYS_BEFORE_START = 2

/** How a group booking is paid. */
export const PAY_BY = ['card', 'invoice'] as const
export type PayBy = (typeof PAY_BY)[number]

/** A group discount tier of a course category: from `minSeats` seats, `percent` % off (0 < percent < 100). */
export type DiscountTier = {minSeats: number; percent: number}

/**
 * The usable tiers of the content, lowest first: whole `minSeats` ≥ GROUP_MIN_SEATS and a percent
 * above 0 and below 100 (anything else an editor could save is ignored); one tier per seat count
 * (the higher percent wins).
 */
export function discountTiers(tiers: ReadonlyArray<{minSeats?: number | null; percent?: number | null}> | null | undefined): DiscountTier[] {
  const bySeats = new Map<number, number>()
  for (const tier of tiers ?? []) {
    const {minSeats, percent} = tier
    if (typeof minSeats !== 'number' || !Number.isInteger(minSeats) || minSeats < GROUP_MIN_SEATS) continue
    if (typeof percent !== 'number' || !Number.isFinite(percent) || percent <= 0 || percent >= 100) continue
    bySeats.set(minSeats, Math.max(bySeats.get(minSeats) ?? 0, percent))
  }
  return [...bySeats].map(([minSeats, percent]) => ({minSeats, percent})).sort((a, b) => a.minSeats - b.minSeats)
}

/** The discount (percent) for `seats` seats: the highest tier reached, else 0. */
export function discountPercentFor(tiers: readonly DiscountTier[], seats: number): number {
  return discountTiers(tiers).reduce((best, tier) => (seats >= tier.minSeats ? Math.max(best, tier.percent) : best), 0)
}

/** The price of a group order, all in minor units of its currency. */
export type GroupQuote = {
  seats: number
  unitMinor: number
  /** unitMinor × seats. */
  subtotalMinor: number
  discountPercent: number
  /** subtotalMinor − totalMinor (never negative). */
  discountMinor: number
  /** What is paid: subtotal less the discount, rounded to the minor unit once. */
  totalMinor: number
}

/**
 * The price of `seats` seats at `unitMinor` each with the category's `tiers`: the discount is
 * applied to the whole order and the total rounded to the nearest minor unit once (half up), so
 * 3 × $33.33 at 5 % is 9,499 cents, never a sum of rounded seats.
 */
export function quoteGroup(unitMinor: number, seats: number, tiers: readonly DiscountTier[]): GroupQuote {
  const subtotalMinor = unitMinor * seats
  const discountPercent = discountPercentFor(tiers, seats)
  // Integer arithmetic on hundredths of a percent: no binary fractions before the one rounding.
  const basisPoints = Math.round(discountPercent * 100)
  const totalMinor = Math.round((subtotalMinor * (10_000 - basisPoints)) / 10_000)
  return {seats, unitMinor, subtotalMinor, discountPercent, discountMinor: subtotalMinor - totalMinor, totalMinor}
}

/** The tier text shown on the form: "5+ seats: 5 % off". */
export const tierLabel = (tier: DiscountTier): string => `${tier.minSeats}+ seats: ${tier.percent} % off`

/** `day` ('YYYY-MM-DD') moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * The due date of a booking's pro-forma made at `now` for a batch starting on `startDate`: 7 days
 * after the booking day or 14 days before the start, whichever comes first; null when that day is
 * already past (the batch starts too soon to pay by invoice: pay by card).
 */
export function proformaDueDate(now: Date, startDate: string): string | null {
  const today = providerToday(now)
  const byBooking = addDays(today, PROFORMA_DAYS)
  const byStart = addDays(startDate, -PROFORMA_DAYS_BEFORE_START)
  const due = byBooking < byStart ? byBooking : byStart
  return due >= today ? due : null
}

/** When the seats of an invoice booking due on `dueDate` stop being held (ISO 8601): the end of that day in the provider's time zone (UTC+4). */
export const invoiceHoldExpiresAt = (dueDate: string): string => new Date(`${addDays(dueDate, 1)}T00:00:00+04:00`).toISOString()

/** Whether a pro-forma due on `dueDate` is overdue at `now` (its due day has ended in the provider's time zone). */
export const isOverdue = (dueDate: string, now: Date): boolean => providerToday(now) > dueDate

/** The last day delegates of a batch starting on `startDate` may be changed. */
export const delegateEditDeadline = (startDate: string): string => addDays(startDate, -DELEGATE_EDIT_DAYS_BEFORE_START)

/** Whether delegates of a batch starting on `startDate` may still be named, edited or swapped at `now`. */
export const canEditDelegates = (startDate: string, now: Date): boolean => providerToday(now) <= delegateEditDeadline(startDate)

/** The pro-forma series' prefix. */
export const PROFORMA_PREFIX = 'PF'
/** A pro-forma number: PF-YYYY-NNNNN (five digits or more). */
export const PROFORMA_NUMBER_PATTERN = /^PF-\d{4}-\d{5,}$/
/** The pro-forma number `seq` of `year`: PF-2026-00001. */
export const formatProformaNumber = (year: number, seq: number): string => `${PROFORMA_PREFIX}-${year}-${String(seq).padStart(5, '0')}`

/** The 409 when fewer seats are left than asked for (also 0: the batch is full). */
export const seatsLeftMessage = (left: number): string => (left === 1 ? 'Only 1 seat is left in this batch' : `Only ${left} seats are left in this batch`)

/** The visible messages of group bookings. */
export const GROUP_MESSAGES = {
  seatsMin: `Book at least ${GROUP_MIN_SEATS} seats (for one seat, use the enrolment form)`,
  seatsMax: `Book at most ${GROUP_MAX_SEATS} seats in one group booking`,
  seatsWhole: 'Enter the number of seats as a whole number',
  gstin: 'Enter a valid GSTIN (15 characters)',
  trn: 'Enter a valid TRN (15 digits)',
  country: 'Choose the country',
  companyName: 'Enter the company name',
  contactName: 'Enter the contact person',
  address: 'Enter the billing address',
  payBy: 'Choose how you will pay: by card or by invoice',
  invoiceTooLate: `The batch starts in less than ${PROFORMA_DAYS_BEFORE_START} days: please pay by card`,
  notFound: 'Group booking not found',
  tooManyDelegates: (seats: number) => `This booking has ${seats} seats: name at most ${seats} delegates`,
  editClosed: 'Delegates can no longer be changed: the course starts in less than 2 days. Please contact us.',
  notPaid: 'Delegates can be named once the booking is paid',
  closed: 'This booking was cancelled',
  alreadyPaid: 'This pro-forma is already marked paid',
  cancelledPayment: 'This booking was cancelled: no payment can be recorded',
  amountMismatch: (total: string) => `The amount must be the pro-forma total, ${total}`,
  notInvoice: 'This booking is paid by card: there is no pro-forma to mark paid',
  duplicateEmail: 'Each delegate needs their own e-mail address',
} as const

/** GSTIN: 2-digit state code, the 10-character PAN, an entity number, 'Z', a check character. */
const GSTIN_PATTERN = /^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/
const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** The GSTIN check character of its first 14 characters (the GSTN's mod-36 rule). */
function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!
}

/** Whether `value` is a GSTIN: the pattern and its check character. */
export const isGstin = (value: string): boolean => GSTIN_PATTERN.test(value) && gstinCheckCharacter(value.slice(0, 14)) === value[14]

/** Whether `value` is a UAE TRN: 15 digits beginning 100. */
export const isUaeTrn = (value: string): boolean => /^100\d{12}$/.test(value)

/** The tax number as stored: upper case, spaces and dashes removed. */
export const normaliseTaxId = (value: string): string => value.toUpperCase().replace(/[\s-]/g, '')

/** The problem with tax number `taxId` for `country` (ISO 3166-1 alpha-2), or null: GSTIN for IN, TRN for AE, anything else unchecked. */
export function taxIdProblem(country: string, taxId: string): string | null {
  const value = normaliseTaxId(taxId)
  if (country === 'IN') return isGstin(value) ? null : GROUP_MESSAGES.gstin
  if (country === 'AE') return isUaeTrn(value) ? null : GROUP_MESSAGES.trn
  return null
}

/** The label of the tax number field for `country`. */
export const taxIdLabel = (country: string): string => (country === 'IN' ? 'GSTIN' : country === 'AE' ? 'TRN' : 'Tax registration number')

let regionNames: Intl.DisplayNames | null = null
/** The English name of country `code` (ISO 3166-1 alpha-2), or null when it is not a country. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null
  regionNames ??= new Intl.DisplayNames(['en'], {type: 'region', fallback: 'none'})
  const name = regionNames.of(code)
  return name && name !== code && name !== 'Unknown Region' ? name : null
}

let countries: {code: string; name: string}[] | null = null
/** Every country (ISO 3166-1 alpha-2 code and English name), by name: the form's choices. */
export function countryOptions(): {code: string; name: string}[] {
  if (countries) return countries
  const found: {code: string; name: string}[] = []
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b)
      // Exceptionally reserved and user-assigned codes that Intl still names.
      if (['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'XK', 'ZZ', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ'].includes(code)) continue
      const name = countryName(code)
      if (name) found.push({code, name})
    }
  countries = found.sort((x, y) => x.name.localeCompare(y.name, 'en'))
  return countries
}
