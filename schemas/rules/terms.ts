/**
 * Accepting the terms before paying (docs/requirements.md#req-terms): the one home of
 * the rule, its visible strings and what is stored with the enrolment.
 *
 * - The /payment form shows a required checkbox labelled TERMS_LABEL whose two policy names link
 *   to the legal pages TERMS_PAGES (/terms, /refund); unticked, the field error is TERMS_MESSAGE
 *   and no order is created.
 * - POST /api/enroll/create-order requires `termsAccepted: true` in its body (schemas/contracts/forms/
 *   enrolment.ts applies isTermsAccepted); anything else is 400 `{error: TERMS_MESSAGE, details:
 *   {termsAccepted: [TERMS_MESSAGE]}}`.
 * - The enrolment keeps a TermsAcceptance: when the order was created (the acceptance, ISO 8601)
 *   and the "Last updated" dates ('YYYY-MM-DD', from the legalPage documents) of the two pages
 *   the candidate accepted, so staff can tell which version was accepted.
 * Browser and server import this module.
 */
import {formatDateTime, formatLongDate} from './format'

/** The checkbox's label, exactly as the requirements give it. */
export const TERMS_LABEL = 'I have read and accept the Terms & Conditions and the Cancellation & Refund Policy'

/** The field error (form and create-order's 400), exactly as the requirements give it. */
export const TERMS_MESSAGE = 'Please accept the terms to continue.'

/** The name of the field in the form and in create-order's body. */
export const TERMS_FIELD = 'termsAccepted'

/** The two legal pages accepted: their slug (the page is `/{slug}`) and the name the label links. */
export const TERMS_PAGES = {
  terms: {slug: 'terms', title: 'Terms & Conditions'},
  refund: {slug: 'refund', title: 'Cancellation & Refund Policy'},
} as const

/** The rule: only the value `true` is an acceptance (not 'on', 'true', 1 or a missing field). */
export const isTermsAccepted = (value: unknown): value is true => value === true

/**
 * What an enrolment stores of the acceptance (netlify/services/enrolments/record.ts `termsAcceptance`):
 * `acceptedAt` ISO 8601 (the create-order request's time), and the "Last updated" date
 * 'YYYY-MM-DD' of the Terms & Conditions and of the Cancellation & Refund Policy then, or null
 * when the content had none.
 */
export type TermsAcceptance = {
  acceptedAt: string
  termsUpdated: string | null
  refundPolicyUpdated: string | null
}

/**
 * The acceptance to store for an order created at `now`, from the legal pages' last-updated
 * dates as the content has them (LEGAL_UPDATED_QUERY: `{terms, refund}`, each a date or null).
 */
export function termsAcceptance(now: Date, updated: {terms?: string | null; refund?: string | null} | null | undefined): TermsAcceptance {
  return {acceptedAt: now.toISOString(), termsUpdated: updated?.terms ?? null, refundPolicyUpdated: updated?.refund ?? null}
}

/**
 * The admin detail's "Terms accepted" value: "24 Nov 2026, 14:05 · Terms &
 * Conditions of 1 November 2026 · Cancellation & Refund Policy of 1 November 2026" (a page
 * without a date: "undated"); for an enrolment without an acceptance (records of earlier versions):
 * TERMS_NOT_RECORDED.
 */
export function describeTermsAcceptance(acceptance: TermsAcceptance | null | undefined): string {
  if (!acceptance) return TERMS_NOT_RECORDED
  const version = (title: string, date: string | null) => `${title} of ${date ? formatLongDate(date) : 'undated'}`
  return [
    formatDateTime(acceptance.acceptedAt),
    version(TERMS_PAGES.terms.title, acceptance.termsUpdated),
    version(TERMS_PAGES.refund.title, acceptance.refundPolicyUpdated),
  ].join(' · ')
}

/** The admin detail's value for an enrolment created before the terms were asked for. */
export const TERMS_NOT_RECORDED = 'Not recorded (ordered before terms were asked for)'
