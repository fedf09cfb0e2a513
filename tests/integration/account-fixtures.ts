/**
 * My training in integration tests: paid enrolments under an address, a signed-in candidate's
 * cookie, and calls of the portal's edges (Netlify functions and Remix loaders) with it.
 */
import {expect} from 'vitest'
import {ACCOUNT_COOKIE} from '#netlify/platform/account-cookie'
import {createSignInLink, redeemSignInLink} from '#netlify/services/account/sessions'
import {createPending, getEnrolment, markPaid, type EnrolmentRecord} from '#netlify/services/enrolments/enrolments'
import {issueReceipt} from '#netlify/services/enrolments/paid-enrolment'
import type {NewEnrolment} from '#netlify/services/enrolments/record'
import {stubPdf} from '../helpers/stub-pdf'
import {testContext} from '../helpers/blobs'
import {newEnrolment} from './enrolment-fixtures'

let paidCount = 0

/** A paid enrolment of `email` with its receipt (number, e-mail with a stub PDF), at `now`. */
export async function paidEnrolmentOf(email: string, now: Date, overrides: Partial<NewEnrolment> = {}): Promise<EnrolmentRecord> {
  const created = await createPending(newEnrolment('acct', {email, ...overrides}), now)
  await markPaid(created.orderId, `pay_acct${String(++paidCount).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`, 'callback', {now: () => now})
  const issued = await issueReceipt(created.orderId, {now, renderReceiptPdf: stubPdf})
  expect(issued?.record.receiptNumber).toMatch(/^MTC-\d{4}-\d{5}$/)
  return (await getEnrolment(created.orderId))!
}

/** The Cookie header of a fresh session of `email` (lower-case) opened at `now`. */
export async function sessionCookie(email: string, now = new Date()): Promise<string> {
  const {token} = await createSignInLink(email, null, now)
  const {cookieValue} = await redeemSignInLink(token, now)
  return `${ACCOUNT_COOKIE}=${cookieValue}`
}

type Handler = (request: Request, context: ReturnType<typeof testContext>) => Promise<Response>

/** Calls `handler` with `request` (a path on https://www.example.com) as the holder of `cookie`; params are the route's. */
export async function callPortal(
  handler: Handler,
  path: string,
  options: {cookie?: string; method?: string; body?: unknown; params?: Record<string, string>} = {},
): Promise<{status: number; headers: Headers; body: unknown}> {
  const headers: Record<string, string> = {}
  if (options.cookie) headers.cookie = options.cookie
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const request = new Request(`https://www.example.com${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : {body: JSON.stringify(options.body)}),
  })
  const response = await handler(request, testContext(options.params ?? {}))
  const text = await response.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // not JSON: the text
  }
  return {status: response.status, headers: response.headers, body}
}
