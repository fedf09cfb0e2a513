/**
 * What an enrolment costs (docs/requirements.md#req-states-enrolment, #req-validation-enrolment, #req-constants-payment): the one place that turns a selection
 * (training program, course, country) into a payable amount, imported by the /payment page
 * in the browser and by the create-order function on the server.
 *
 * Rules:
 * - cadetship-training: the course must be the programme's enrol course ("deck-cadet"); the
 *   amount is its enrol amount (3500 USD, the first installment).
 * - competency-training: the course is a rank of the fee table; a country (jurisdiction key)
 *   is required and the amount is that rank's fee for that country.
 * - every other program: the course is one of its courses by name; the amount is the course's
 *   fixed price. A "contact for pricing" course cannot be paid online.
 * Amounts are USD in major units (numbers); see ./price.ts for minor units.
 *
 * Currency (docs/requirements.md#req-inr): an enrolment is paid in USD (the default) or,
 * for a course whose content carries an INR price (./price.ts payableInr), in INR: inrPrice,
 * currencyOptions and checkEnrolmentPrice apply that one rule. The cadetship installments and the
 * competency fee table have USD fees only, so those two programs are USD-only; no amount is
 * ever converted between currencies.
 */
import type {ENROLMENT_CATALOGUE_QUERYResult} from '../content/sanity.types'
import {FILES_SKIPPED_MESSAGE} from './documents'
import {payableInr, payableUsd, toMinorUnits, type Currency} from './price'
import {CADETSHIP_TRAINING, COMPETENCY_TRAINING} from './programs'

export type EnrolmentCatalogue = ENROLMENT_CATALOGUE_QUERYResult

export const DEFAULT_CURRENCY: Currency = 'USD'

/**
 * The 400 of create-order (and the form's error) when the course has no price in the chosen
 * `currency`: it names the `currency` field and what to choose instead.
 */
export const noPriceInCurrencyMessage = (currency: string) => `This course has no price in ${currency}: choose USD as the currency, or contact us.`

/** The spec's enrolment messages (docs/requirements.md#req-errors), quoted exactly. */
export const ENROLMENT_MESSAGES = {
  invalidCourse: 'Please select a valid course to proceed.',
  invalidAmount: 'Please enter a valid amount.',
  countryRequired: 'Please select a country for competency training.',
  paymentInitFailed: 'Payment failed to initialize.',
  saveFailed: 'Failed to save enrollment data.',
  success: 'Enrollment successful! We will contact you within 24 hours.',
  /** Derived from the document rule (./documents.ts): 'Some files were skipped (allowed: PDF, DOC/DOCX, JPG, PNG; max 10MB each).' */
  filesSkipped: FILES_SKIPPED_MESSAGE,
  /** "Failed to load" followed by the provider's name. */
  scriptFailed: (provider: string) => `Failed to load ${provider}`,
} as const

/**
 * The enrolment form's required text fields and their "missing" messages
 * (docs/requirements.md#req-checkout-errors): the form marks them required, and the form's schema
 * (schemas/contracts/forms/enrolment.ts) reports each one missing with its message.
 */
export const ENROLMENT_REQUIRED = {
  name: 'Please enter your full name.',
  email: 'Please enter your email address.',
  mobile: 'Please enter your mobile number.',
  trainingProgram: 'Please select a training program.',
  course: ENROLMENT_MESSAGES.invalidCourse,
} as const

export type Selection = {trainingProgram: string; course: string; country?: string | null}

export type Quote =
  | {
      ok: true
      amountUsd: number
      trainingProgramName: string
      courseName: string
      /** The jurisdiction's name, for competency training only. */
      countryName: string | null
    }
  | {ok: false; reason: 'invalid-course' | 'country-required' | 'invalid-country' | 'contact-for-pricing'; message: string}

export type Option = {value: string; label: string}

/** The programs a visitor can choose, in catalogue order. */
export function programOptions(catalogue: EnrolmentCatalogue): Option[] {
  return catalogue.programs.map((program) => ({value: program.id ?? '', label: program.title ?? ''}))
}

/** The courses of a program (value = what goes into the `course` field). */
export function courseOptions(catalogue: EnrolmentCatalogue, trainingProgram: string): Option[] {
  if (trainingProgram === CADETSHIP_TRAINING) {
    const cadetship = catalogue.cadetship
    return cadetship?.enrolCourse ? [{value: cadetship.enrolCourse, label: cadetship.heading ?? cadetship.enrolCourse}] : []
  }
  if (trainingProgram === COMPETENCY_TRAINING) {
    return (catalogue.feeTable?.rows ?? []).map((row) => ({value: row.rank ?? '', label: row.rank ?? ''}))
  }
  const program = catalogue.programs.find((p) => p.id === trainingProgram)
  return (program?.courses ?? []).map((course) => ({
    value: course.name ?? '',
    label: course.fullName && course.fullName !== course.name ? `${course.name} — ${course.fullName}` : (course.name ?? ''),
  }))
}

/** The countries (jurisdictions) of competency training. */
export function countryOptions(catalogue: EnrolmentCatalogue): Option[] {
  return (catalogue.feeTable?.jurisdictions ?? []).map((j) => ({value: j.key ?? '', label: j.name ?? ''}))
}

/** Whether the program needs a country (docs/requirements.md#req-validation-enrolment: competency training only). */
export const needsCountry = (trainingProgram: string) => trainingProgram === COMPETENCY_TRAINING

/** Prices a selection against the catalogue. Never throws. */
export function quote(catalogue: EnrolmentCatalogue, selection: Selection): Quote {
  const invalidCourse = {ok: false, reason: 'invalid-course', message: ENROLMENT_MESSAGES.invalidCourse} as const
  const program = catalogue.programs.find((p) => p.id === selection.trainingProgram)
  if (!program) return invalidCourse
  const trainingProgramName = program.title ?? selection.trainingProgram

  if (selection.trainingProgram === CADETSHIP_TRAINING) {
    const cadetship = catalogue.cadetship
    if (!cadetship || selection.course !== cadetship.enrolCourse || typeof cadetship.enrolAmountUsd !== 'number') return invalidCourse
    return {ok: true, amountUsd: cadetship.enrolAmountUsd, trainingProgramName, courseName: cadetship.heading ?? selection.course, countryName: null}
  }

  if (selection.trainingProgram === COMPETENCY_TRAINING) {
    const row = catalogue.feeTable?.rows?.find((r) => r.rank === selection.course)
    if (!row) return invalidCourse
    if (!selection.country) return {ok: false, reason: 'country-required', message: ENROLMENT_MESSAGES.countryRequired}
    const jurisdiction = catalogue.feeTable?.jurisdictions?.find((j) => j.key === selection.country)
    const fee = row.fees?.find((f) => f.jurisdiction === selection.country)
    if (!jurisdiction || typeof fee?.amountUsd !== 'number') {
      return {ok: false, reason: 'invalid-country', message: ENROLMENT_MESSAGES.countryRequired}
    }
    return {ok: true, amountUsd: fee.amountUsd, trainingProgramName, courseName: row.rank ?? selection.course, countryName: jurisdiction.name ?? null}
  }

  const course = program.courses.find((c) => c.name === selection.course)
  if (!course) return invalidCourse
  const priceUsd = payableUsd(course)
  if (priceUsd === null) {
    return {ok: false, reason: 'contact-for-pricing', message: 'This course is priced on request: please contact us to enrol.'}
  }
  return {ok: true, amountUsd: priceUsd, trainingProgramName, courseName: course.fullName ?? course.name ?? selection.course, countryName: null}
}

/**
 * The INR price (whole rupees) of a selection, or null when it cannot be paid in INR: a course of
 * a program other than cadetship and competency training whose content carries an INR price
 * (./price.ts payableInr). Never throws.
 */
export function inrPrice(catalogue: EnrolmentCatalogue, selection: Selection): number | null {
  if (selection.trainingProgram === CADETSHIP_TRAINING || selection.trainingProgram === COMPETENCY_TRAINING) return null
  const course = catalogue.programs.find((p) => p.id === selection.trainingProgram)?.courses.find((c) => c.name === selection.course)
  return course ? payableInr(course) : null
}

/**
 * The currencies a payable selection can be paid in, each with its amount (major units), USD
 * first: [{USD}] or [{USD}, {INR}]; [] when the selection cannot be paid online (quote).
 */
export function currencyOptions(catalogue: EnrolmentCatalogue, selection: Selection): {currency: Currency; amount: number}[] {
  const result = quote(catalogue, selection)
  if (!result.ok) return []
  const inr = inrPrice(catalogue, selection)
  return [{currency: 'USD', amount: result.amountUsd}, ...(inr === null ? [] : [{currency: 'INR' as const, amount: inr}])]
}

/**
 * The form's starting selection from the /payment query (docs/requirements.md#req-payment: training, course,
 * category, price, country, amount). Only values the catalogue knows are kept; `category`
 * stands in for `course` when `course` is absent; `country` may be a key or a name. The
 * price and amount parameters are never trusted: the amount always comes from quote().
 */
export function prefillFromQuery(catalogue: EnrolmentCatalogue, query: URLSearchParams): {trainingProgram: string; course: string; country: string} {
  const trainingProgram = query.get('training') ?? ''
  if (!catalogue.programs.some((p) => p.id === trainingProgram)) return {trainingProgram: '', course: '', country: ''}
  const wanted = query.get('course') || query.get('category') || ''
  const course = courseOptions(catalogue, trainingProgram).some((o) => o.value === wanted) ? wanted : ''
  const countryParam = (query.get('country') ?? '').trim().toLowerCase()
  const country =
    course && needsCountry(trainingProgram)
      ? (countryOptions(catalogue).find((o) => o.value === countryParam || o.label.toLowerCase() === countryParam)?.value ?? '')
      : ''
  return {trainingProgram, course, country}
}

/**
 * Checks a submitted enrolment against the catalogue: the selection must be payable in its
 * `currency` (USD when absent; INR only where inrPrice has a price, else field `currency` with
 * noPriceInCurrencyMessage) and the amount (major units of that currency) must equal the quoted
 * price to the cent (paisa). Used by the form before it asks for an order and by POST
 * /api/enroll/create-order before it creates one. On success `amount` is what is charged, in
 * `currency`.
 */
export function checkEnrolmentPrice(
  catalogue: EnrolmentCatalogue,
  form: Selection & {amount: number; currency?: Currency},
):
  | {ok: true; quote: Extract<Quote, {ok: true}>; currency: Currency; amount: number}
  | {ok: false; field: 'course' | 'country'; message: string; reason: Extract<Quote, {ok: false}>['reason']}
  | {ok: false; field: 'currency'; message: string; reason: 'no-price-in-currency'}
  | {ok: false; field: 'amount'; message: string; expected: number; currency: Currency} {
  const result = quote(catalogue, form)
  if (!result.ok) {
    const field = result.reason === 'country-required' || result.reason === 'invalid-country' ? 'country' : 'course'
    return {ok: false, field, message: result.message, reason: result.reason}
  }
  const currency = form.currency ?? DEFAULT_CURRENCY
  const expected = currency === 'INR' ? inrPrice(catalogue, form) : result.amountUsd
  if (expected === null) return {ok: false, field: 'currency', message: noPriceInCurrencyMessage(currency), reason: 'no-price-in-currency'}
  if (!Number.isFinite(form.amount) || toMinorUnits(form.amount) !== toMinorUnits(expected)) {
    return {ok: false, field: 'amount', message: ENROLMENT_MESSAGES.invalidAmount, expected, currency}
  }
  return {ok: true, quote: result, currency, amount: expected}
}
