/**
 * The administrator API as the pages call it (issue 5 contract):
 * - POST /api/admin {email, password} → {authToken, expiresAt}; 401 'Invalid credentials';
 *   429/503 and others carry {error}; anything unreadable → 'Login failed'.
 * - GET /api/admin/enrollments[?status=all] (bearer) → the records: paid ones only, or with
 *   `includePending` paid and pending (issue 12, finding 6); 401 → Unauthorized (the caller
 *   drops the token); other non-ok → 'Failed to fetch enrollments'; network/parse → 'Failed to
 *   load enrollments'.
 * - GET /api/admin/enrollments/:orderId (bearer) → one record with its attachments and history.
 * - PATCH /api/admin/enrollments/:orderId (bearer) {status?, note?} → the record after the
 *   change (issue 15); 401 → Unauthorized; 400/404/409 → Error with the server's message; other
 *   failures → Error(FOLLOW_UP_MESSAGES.saveFailed).
 * - GET /api/admin/enrollments/:orderId/documents/:uploadId (bearer) → the file, saved through
 *   an object URL (a plain link could not send the bearer header).
 * - GET /api/admin/outbox (bearer) → the e-mail outbox, newest first; POST
 *   /api/admin/outbox/:id/send-again (bearer) → the message's new state (issue 14). 401 →
 *   Unauthorized; other failures → Error with OUTBOX_MESSAGES or the server's `{error}`.
 * - GET /api/admin/enquiries (bearer) → the contact enquiries, newest first; PATCH
 *   /api/admin/enquiries/:id {status} (bearer) → the enquiry after the change (issue 15). 401 →
 *   Unauthorized; other failures → Error with ENQUIRY_MESSAGES or the server's `{error}`.
 * - GET /api/admin/payments (bearer) → orders needing attention and the webhook event log; POST
 *   /api/admin/enrollments/:orderId/check-gateway (bearer) → what the gateway said (issue 15).
 *   401 → Unauthorized; other failures → Error with PAYMENTS_MESSAGES or the server's `{error}`
 *   (the 502/504 messages say that nothing was changed).
 * - POST /api/admin/enrollments/:orderId/refunds (bearer, `Idempotency-Key`) {amount, reason,
 *   note?} → {refund, enrolment} (issue 15; 201 new, 200 the same key again). 401 →
 *   Unauthorized; 4xx, 502 and 504 → Error with the server's `{error}`; anything else →
 *   Error with REFUND_MESSAGES.
 * - GET /api/admin/batches (bearer) → the upcoming batches with their counts; GET
 *   /api/admin/batches/:batchId (bearer) → its roster and waitlist (issue 16). 401 →
 *   Unauthorized; other failures → Error(BATCHES_MESSAGES…).
 * Bodies and answers are the contracts of schemas/contracts/admin.ts, schemas/contracts/outbox.ts,
 * schemas/contracts/enquiries.ts, schemas/contracts/payments.ts and schemas/contracts/refunds.ts (types only: no
 * zod here).
 */
import type {AdminLoginRequest, AdminLoginResponse, EnrolmentDetail, EnrolmentList, EnrolmentSummary, EnrolmentUpdateRequest} from '#schemas/contracts/admin'
import type {OutboxList, OutboxMessage, OutboxSendAgainResponse} from '#schemas/contracts/outbox'
import type {ApiError} from '#schemas/contracts/errors'
import type {Enquiry, EnquiryList, EnquiryStatus, EnquiryUpdate, EnquiryUpdateResponse} from '#schemas/contracts/enquiries'
import type {GatewayCheck, PaymentsOverview} from '#schemas/contracts/payments'
import type {AdminBatchDetail, AdminBatchList} from '#schemas/contracts/batches'
import type {RefundRequest, RefundResponse} from '#schemas/contracts/refunds'

export const MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  loginFailed: 'Login failed',
  noToken: 'No authentication token found',
  fetchFailed: 'Failed to fetch enrollments',
  loadFailed: 'Failed to load enrollments',
} as const

/** The outbox page's own messages (issue 14). */
export const OUTBOX_MESSAGES = {
  loadFailed: 'Failed to load the outbox',
  sendFailed: 'The message could not be sent again. Please try again.',
} as const

/** The enquiries page's own messages (issue 15). */
export const ENQUIRY_MESSAGES = {
  loadFailed: 'Failed to load enquiries',
  updateFailed: 'The enquiry could not be updated. Please try again.',
} as const

/** The detail dialog's follow-up messages (issue 15). */
export const FOLLOW_UP_MESSAGES = {
  saveFailed: 'The change could not be saved. Please try again.',
} as const

/** The payments page's own messages (issue 15). */
export const PAYMENTS_MESSAGES = {
  loadFailed: 'Failed to load payments',
  checkFailed: 'The check could not be completed. Please try again.',
} as const

/**
 * The refund form's own messages (issue 15), for failures without a message from the server.
 * Either way the same Idempotency-Key is sent again on "Try again", so a refund that did go
 * through is answered again, never made twice.
 */
export const REFUND_MESSAGES = {
  /** No answer at all (network failure), or a success answer that could not be read. */
  noAnswer: 'No clear answer came back, so the refund may or may not have been made. Try again: the same request is sent, so nothing is refunded twice.',
  /** Any other failure (a 500 without a message). */
  failed: 'The refund could not be requested. Try again: the same request is sent, so nothing is refunded twice.',
} as const

/** The batches page's own messages (issue 16). */
export const BATCHES_MESSAGES = {
  loadFailed: 'Failed to load batches',
  rosterFailed: 'The roster could not be loaded. Please try again.',
} as const

/** The server rejected the token (missing, expired, forged). */
export class UnauthorizedError extends Error {
  constructor() {
    super('Your session has expired. Please sign in again.')
    this.name = 'UnauthorizedError'
  }
}

async function errorText(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as Partial<Record<keyof ApiError, unknown>>
    return typeof body?.error === 'string' && body.error.trim() ? body.error : null
  } catch {
    return null
  }
}

export type LoginResult = {ok: true; token: string; expiresAt: string | null} | {ok: false; message: string}

export async function login(email: string, password: string): Promise<LoginResult> {
  let response: Response
  try {
    response = await fetch('/api/admin', {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'application/json'},
      body: JSON.stringify({email, password} satisfies AdminLoginRequest),
    })
  } catch {
    return {ok: false, message: MESSAGES.loginFailed}
  }
  if (response.status === 401) return {ok: false, message: MESSAGES.invalidCredentials}
  if (!response.ok) return {ok: false, message: (await errorText(response)) ?? MESSAGES.loginFailed}
  try {
    const body = (await response.json()) as Partial<Record<keyof AdminLoginResponse, unknown>>
    if (typeof body.authToken !== 'string' || !body.authToken) return {ok: false, message: MESSAGES.loginFailed}
    return {ok: true, token: body.authToken, expiresAt: typeof body.expiresAt === 'string' ? body.expiresAt : null}
  } catch {
    return {ok: false, message: MESSAGES.loginFailed}
  }
}

const bearer = (token: string) => ({Authorization: `Bearer ${token}`, Accept: 'application/json'})

/** The list URL: paid enrolments only, or every one with `includePending`. */
export const enrolmentsUrl = (includePending: boolean) => (includePending ? '/api/admin/enrollments?status=all' : '/api/admin/enrollments')

/**
 * The list (paid enrolments only unless `includePending`). Throws UnauthorizedError on 401,
 * Error with the spec's messages otherwise.
 */
export async function fetchEnrolments(token: string, signal?: AbortSignal, options: {includePending?: boolean} = {}): Promise<EnrolmentSummary[]> {
  let response: Response
  try {
    response = await fetch(enrolmentsUrl(options.includePending ?? false), {headers: bearer(token), signal, cache: 'no-store'})
  } catch (error) {
    if (signal?.aborted) throw error
    throw new Error(MESSAGES.loadFailed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error(MESSAGES.fetchFailed)
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new Error(MESSAGES.loadFailed)
  }
  if (!Array.isArray(body)) throw new Error(MESSAGES.loadFailed)
  return body as EnrolmentList
}

/** One enrolment with its attachments. */
export async function fetchEnrolmentDetail(token: string, orderId: string, signal?: AbortSignal): Promise<EnrolmentDetail> {
  const response = await fetch(`/api/admin/enrollments/${encodeURIComponent(orderId)}`, {headers: bearer(token), signal, cache: 'no-store'})
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error((await errorText(response)) ?? 'Failed to load the enrolment')
  return (await response.json()) as EnrolmentDetail
}

/**
 * Changes the status of the enrolment of `orderId` and/or adds a note (issue 15); resolves to the
 * record after the change. Throws UnauthorizedError on 401, Error with the server's reason for a
 * refused change (400, 404, 409), Error(FOLLOW_UP_MESSAGES.saveFailed) for anything else.
 */
export async function updateEnrolment(token: string, orderId: string, change: EnrolmentUpdateRequest): Promise<EnrolmentDetail> {
  let response: Response
  try {
    response = await fetch(`/api/admin/enrollments/${encodeURIComponent(orderId)}`, {
      method: 'PATCH',
      headers: {...bearer(token), 'Content-Type': 'application/json'},
      body: JSON.stringify(change),
      cache: 'no-store',
    })
  } catch {
    throw new Error(FOLLOW_UP_MESSAGES.saveFailed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error((response.status < 500 ? await errorText(response) : null) ?? FOLLOW_UP_MESSAGES.saveFailed)
  try {
    return (await response.json()) as EnrolmentDetail
  } catch {
    throw new Error(FOLLOW_UP_MESSAGES.saveFailed)
  }
}

/** Saves `blob` as a file named `fileName` through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Downloads one cadetship document with the bearer header. */
export async function downloadDocument(token: string, orderId: string, uploadId: string, fileName: string): Promise<void> {
  const response = await fetch(`/api/admin/enrollments/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(uploadId)}`, {
    headers: {Authorization: `Bearer ${token}`},
    cache: 'no-store',
  })
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error((await errorText(response)) ?? 'The document could not be downloaded')
  saveBlob(await response.blob(), fileName)
}

/** The outbox, newest first. Throws UnauthorizedError on 401, Error(OUTBOX_MESSAGES.loadFailed) otherwise. */
export async function fetchOutbox(token: string, signal?: AbortSignal): Promise<OutboxMessage[]> {
  let response: Response
  try {
    response = await fetch('/api/admin/outbox', {headers: bearer(token), signal, cache: 'no-store'})
  } catch (error) {
    if (signal?.aborted) throw error
    throw new Error(OUTBOX_MESSAGES.loadFailed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error(OUTBOX_MESSAGES.loadFailed)
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new Error(OUTBOX_MESSAGES.loadFailed)
  }
  if (!Array.isArray(body)) throw new Error(OUTBOX_MESSAGES.loadFailed)
  return body as OutboxList
}

/** The send-again path of message `id` (`receipt:MTC-2026-00001`: the colon stays as it is, a valid path character). */
export const sendAgainUrl = (id: string) => `/api/admin/outbox/${encodeURIComponent(id).replace(/%3A/gi, ':')}/send-again`

/**
 * Queues the failed message `id` again and has it tried at once; resolves to its new state.
 * Throws UnauthorizedError on 401, Error with the server's message (404, 409) or
 * OUTBOX_MESSAGES.sendFailed otherwise.
 */
export async function sendMessageAgain(token: string, id: string): Promise<OutboxMessage> {
  let response: Response
  try {
    response = await fetch(sendAgainUrl(id), {method: 'POST', headers: bearer(token), cache: 'no-store'})
  } catch {
    throw new Error(OUTBOX_MESSAGES.sendFailed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error((response.status < 500 ? await errorText(response) : null) ?? OUTBOX_MESSAGES.sendFailed)
  try {
    return (await response.json()) as OutboxSendAgainResponse
  } catch {
    throw new Error(OUTBOX_MESSAGES.sendFailed)
  }
}

/** The enquiries, newest first. Throws UnauthorizedError on 401, Error(ENQUIRY_MESSAGES.loadFailed) otherwise. */
export async function fetchEnquiries(token: string, signal?: AbortSignal): Promise<Enquiry[]> {
  let response: Response
  try {
    response = await fetch('/api/admin/enquiries', {headers: bearer(token), signal, cache: 'no-store'})
  } catch (error) {
    if (signal?.aborted) throw error
    throw new Error(ENQUIRY_MESSAGES.loadFailed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error(ENQUIRY_MESSAGES.loadFailed)
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new Error(ENQUIRY_MESSAGES.loadFailed)
  }
  if (!Array.isArray(body)) throw new Error(ENQUIRY_MESSAGES.loadFailed)
  return body as EnquiryList
}

/** The PATCH path of enquiry `id` (a message key: only [0-9A-Za-z._-], nothing to escape, but encoded all the same). */
export const enquiryUrl = (id: string) => `/api/admin/enquiries/${encodeURIComponent(id)}`

/**
 * Sets the status of enquiry `id` (`handled`: "Mark as handled"; `new`: "Reopen"); resolves to the
 * enquiry after the change. Throws UnauthorizedError on 401, Error with the server's message
 * (404, 400) or ENQUIRY_MESSAGES.updateFailed otherwise.
 */
export async function setEnquiryStatus(token: string, id: string, status: EnquiryStatus): Promise<Enquiry> {
  let response: Response
  try {
    response = await fetch(enquiryUrl(id), {
      method: 'PATCH',
      headers: {...bearer(token), 'Content-Type': 'application/json'},
      body: JSON.stringify({status} satisfies EnquiryUpdate),
      cache: 'no-store',
    })
  } catch {
    throw new Error(ENQUIRY_MESSAGES.updateFailed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error((response.status < 500 ? await errorText(response) : null) ?? ENQUIRY_MESSAGES.updateFailed)
  try {
    return (await response.json()) as EnquiryUpdateResponse
  } catch {
    throw new Error(ENQUIRY_MESSAGES.updateFailed)
  }
}

/** The orders needing attention (oldest first) and the last 200 webhook events (newest first). Throws UnauthorizedError on 401, Error(PAYMENTS_MESSAGES.loadFailed) otherwise. */
export async function fetchPaymentsOverview(token: string, signal?: AbortSignal): Promise<PaymentsOverview> {
  let response: Response
  try {
    response = await fetch('/api/admin/payments', {headers: bearer(token), signal, cache: 'no-store'})
  } catch (error) {
    if (signal?.aborted) throw error
    throw new Error(PAYMENTS_MESSAGES.loadFailed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error(PAYMENTS_MESSAGES.loadFailed)
  let body: Partial<Record<keyof PaymentsOverview, unknown>> | null
  try {
    body = (await response.json()) as typeof body
  } catch {
    throw new Error(PAYMENTS_MESSAGES.loadFailed)
  }
  if (!body || !Array.isArray(body.needsAttention) || !Array.isArray(body.webhookEvents)) throw new Error(PAYMENTS_MESSAGES.loadFailed)
  return body as PaymentsOverview
}

/** The check-gateway path of order `orderId`. */
export const checkGatewayUrl = (orderId: string) => `/api/admin/enrollments/${encodeURIComponent(orderId)}/check-gateway`

/**
 * Asks the gateway whether the pending order `orderId` was paid (and has it marked paid if so);
 * resolves to the outcome and the message for staff. Throws UnauthorizedError on 401, Error
 * with the server's message (404; 502 and 504: "… Nothing was changed …") or
 * PAYMENTS_MESSAGES.checkFailed (no answer, an answer without a message, an unreadable answer).
 */
export async function checkWithGateway(token: string, orderId: string): Promise<GatewayCheck> {
  let response: Response
  try {
    response = await fetch(checkGatewayUrl(orderId), {method: 'POST', headers: bearer(token), cache: 'no-store'})
  } catch {
    throw new Error(PAYMENTS_MESSAGES.checkFailed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error((await errorText(response)) ?? PAYMENTS_MESSAGES.checkFailed)
  let body: Partial<Record<keyof GatewayCheck, unknown>> | null
  try {
    body = (await response.json()) as typeof body
  } catch {
    throw new Error(PAYMENTS_MESSAGES.checkFailed)
  }
  if (!body || typeof body.orderId !== 'string' || typeof body.message !== 'string' || typeof body.outcome !== 'string')
    throw new Error(PAYMENTS_MESSAGES.checkFailed)
  return body as GatewayCheck
}

/** The refunds path of order `orderId` (POST: a new refund). */
export const refundsUrl = (orderId: string) => `/api/admin/enrollments/${encodeURIComponent(orderId)}/refunds`

/**
 * Asks for a refund of the enrolment of `orderId`: `body.amount` in MINOR units (cents),
 * `idempotencyKey` the form's key (schemas/contracts/refunds.ts IdempotencyKeySchema: 10–100 of
 * [A-Za-z0-9_-]), the same for every retry of one refund. Resolves to the refund and the
 * enrolment after it (201 new, 200 the same key again). Throws UnauthorizedError on 401, Error
 * with the server's message for 4xx (400 the field or the most that can be refunded, 404, 409),
 * 502 (the gateway refused: nothing changed) and 504 (no answer in time), and
 * REFUND_MESSAGES.noAnswer / REFUND_MESSAGES.failed otherwise.
 */
export async function createRefund(token: string, orderId: string, body: RefundRequest, idempotencyKey: string): Promise<RefundResponse> {
  let response: Response
  try {
    response = await fetch(refundsUrl(orderId), {
      method: 'POST',
      headers: {...bearer(token), 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey},
      body: JSON.stringify(body satisfies RefundRequest),
      cache: 'no-store',
    })
  } catch {
    throw new Error(REFUND_MESSAGES.noAnswer)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) {
    const withMessage = response.status < 500 || response.status === 502 || response.status === 504
    throw new Error((withMessage ? await errorText(response) : null) ?? REFUND_MESSAGES.failed)
  }
  let answer: Partial<Record<keyof RefundResponse, unknown>> | null
  try {
    answer = (await response.json()) as typeof answer
  } catch {
    throw new Error(REFUND_MESSAGES.noAnswer)
  }
  const isObject = (value: unknown) => typeof value === 'object' && value !== null
  if (!answer || !isObject(answer.refund) || !isObject(answer.enrolment)) throw new Error(REFUND_MESSAGES.noAnswer)
  return answer as RefundResponse
}

/** GET `url` with the bearer token as JSON; UnauthorizedError on 401, Error(`failed`) on anything else that is not ok or not JSON. */
async function getAdminJson<T>(url: string, token: string, failed: string, signal?: AbortSignal): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {headers: bearer(token), signal, cache: 'no-store'})
  } catch (error) {
    if (signal?.aborted) throw error
    throw new Error(failed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error(failed)
  try {
    return (await response.json()) as T
  } catch {
    throw new Error(failed)
  }
}

/** The upcoming batches with their seat and waitlist counts, earliest first (issue 16). */
export async function fetchAdminBatches(token: string, signal?: AbortSignal): Promise<AdminBatchList['batches']> {
  const body = await getAdminJson<Partial<AdminBatchList> | null>('/api/admin/batches', token, BATCHES_MESSAGES.loadFailed, signal)
  if (!body || !Array.isArray(body.batches)) throw new Error(BATCHES_MESSAGES.loadFailed)
  return body.batches
}

/** One batch's roster and waitlist (issue 16). */
export async function fetchAdminBatch(token: string, batchId: string, signal?: AbortSignal): Promise<AdminBatchDetail> {
  const body = await getAdminJson<AdminBatchDetail | null>(`/api/admin/batches/${encodeURIComponent(batchId)}`, token, BATCHES_MESSAGES.rosterFailed, signal)
  if (!body || !Array.isArray(body.roster) || !Array.isArray(body.waitlist)) throw new Error(BATCHES_MESSAGES.rosterFailed)
  return body
}
