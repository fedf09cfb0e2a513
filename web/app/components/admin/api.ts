/**
 * The administrator API as the pages call it:
 * - POST /api/admin {email, password} → {authToken, expiresAt}; 401 'Invalid credentials';
 *   429/503 and others carry {error}; anything unreadable → 'Login failed'.
 * - GET /api/admin/enrollments[?status=all] (bearer) → the records: paid ones only, or with
 *   `includePending` paid and pending; 401 → Unauthorized (the caller
 *   drops the token); other non-ok → 'Failed to fetch enrollments'; network/parse → 'Failed to
 *   load enrollments'.
 * - GET /api/admin/enrollments/:orderId (bearer) → one record with its attachments and history.
 * - PATCH /api/admin/enrollments/:orderId (bearer) {status?, note?} → the record after the
 *   change; 401 → Unauthorized; 400/404/409 → Error with the server's message; other
 *   failures → Error(FOLLOW_UP_MESSAGES.saveFailed).
 * - GET /api/admin/enrollments/:orderId/documents/:uploadId (bearer) → the file, saved through
 *   an object URL (a plain link could not send the bearer header).
 * - GET /api/admin/outbox (bearer) → the e-mail outbox, newest first (paged with `page`,
 *   docs/requirements.md#req-admin-list-queries); POST
 *   /api/admin/outbox/:id/send-again (bearer) → the message's new state. 401 →
 *   Unauthorized; other failures → Error with OUTBOX_MESSAGES or the server's `{error}`.
 * - GET /api/admin/enquiries (bearer) → the contact enquiries, newest first (paged with `page`); PATCH
 *   /api/admin/enquiries/:id {status} (bearer) → the enquiry after the change. 401 →
 *   Unauthorized; other failures → Error with ENQUIRY_MESSAGES or the server's `{error}`.
 * - GET /api/admin/payments (bearer) → orders needing attention and the webhook event log (paged
 *   with `page`); POST
 *   /api/admin/enrollments/:orderId/check-gateway (bearer) → what the gateway said.
 *   401 → Unauthorized; other failures → Error with PAYMENTS_MESSAGES or the server's `{error}`
 *   (the 502/504 messages say that nothing was changed).
 * - POST /api/admin/enrollments/:orderId/refunds (bearer, `Idempotency-Key`) {amount, reason,
 *   note?} → {refund, enrolment} (201 new, 200 the same key again). 401 →
 *   Unauthorized; 4xx, 502 and 504 → Error with the server's `{error}`; anything else →
 *   Error with REFUND_MESSAGES.
 * - GET /api/admin/batches (bearer) → the upcoming batches with their counts; GET
 *   /api/admin/batches/:batchId (bearer) → its roster and waitlist. 401 →
 *   Unauthorized; other failures → Error(BATCHES_MESSAGES…).
 * Each call is one adminFetch (./admin-fetch.ts: bearer token, 401, failure texts) naming its
 * path, its texts and the zod contract its answer is parsed with (schemas/contracts/admin.ts,
 * outbox.ts, enquiries.ts, payments.ts, refunds.ts, batches.ts).
 */
import {EnrolmentDetailSchema, EnrolmentListSchema, EnrolmentPageSchema, type AdminLoginRequest, type EnrolmentUpdateRequest} from '#schemas/contracts/admin'
import {OutboxPageSchema, OutboxSendAgainResponseSchema} from '#schemas/contracts/outbox'
import {EnquiryPageSchema, EnquiryUpdateResponseSchema, type EnquiryStatus, type EnquiryUpdate} from '#schemas/contracts/enquiries'
import {GatewayCheckSchema, PaymentsPageSchema} from '#schemas/contracts/payments'
import {AdminBatchDetailSchema, AdminBatchListSchema} from '#schemas/contracts/batches'
import {RefundResponseSchema, type RefundRequest} from '#schemas/contracts/refunds'
import {adminFetch, adminRequest, clientErrors, errorText, UnauthorizedError} from './admin-fetch'
import {AdminSignInResponseSchema, StaffMeSchema, type ExportRecord} from '#schemas/contracts/staff'
import {logout} from '~/lib/admin-session'

export {UnauthorizedError}

export const MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  loginFailed: 'Login failed',
  noToken: 'No authentication token found',
  fetchFailed: 'Failed to fetch enrollments',
  loadFailed: 'Failed to load enrollments',
} as const

/** The outbox page's own messages. */
export const OUTBOX_MESSAGES = {
  loadFailed: 'Failed to load the outbox',
  sendFailed: 'The message could not be sent again. Please try again.',
} as const

/** The enquiries page's own messages. */
export const ENQUIRY_MESSAGES = {
  loadFailed: 'Failed to load enquiries',
  updateFailed: 'The enquiry could not be updated. Please try again.',
} as const

/** The detail dialog's follow-up messages. */
export const FOLLOW_UP_MESSAGES = {
  saveFailed: 'The change could not be saved. Please try again.',
} as const

/** The payments page's own messages. */
export const PAYMENTS_MESSAGES = {
  loadFailed: 'Failed to load payments',
  checkFailed: 'The check could not be completed. Please try again.',
} as const

/**
 * The refund form's own messages, for failures without a message from the server.
 * Either way the same Idempotency-Key is sent again on "Try again", so a refund that did go
 * through is answered again, never made twice.
 */
export const REFUND_MESSAGES = {
  /** No answer at all (network failure), or a success answer that could not be read. */
  noAnswer: 'No clear answer came back, so the refund may or may not have been made. Try again: the same request is sent, so nothing is refunded twice.',
  /** Any other failure (a 500 without a message). */
  failed: 'The refund could not be requested. Try again: the same request is sent, so nothing is refunded twice.',
} as const

/** The batches page's own messages. */
export const BATCHES_MESSAGES = {
  loadFailed: 'Failed to load batches',
  rosterFailed: 'The roster could not be loaded. Please try again.',
} as const

/** What the password step answered: the token, the second step due, or the message to show. */
export type LoginResult =
  | {ok: true; token: string; expiresAt: string | null; notice?: string}
  | {ok: 'second-factor'; challenge: string; methods: Array<'totp' | 'recovery' | 'passkey'>}
  | {ok: 'enrol'; challenge: string}
  | {ok: false; message: string}

/** POST /api/admin (docs/requirements.md#req-admin-login, #req-staff-accounts). */
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
    const body = AdminSignInResponseSchema.safeParse(await response.json())
    if (!body.success) return {ok: false, message: MESSAGES.loginFailed}
    const answer = body.data
    if ('authToken' in answer) return {ok: true, token: answer.authToken, expiresAt: answer.expiresAt, notice: answer.notice}
    if (answer.secondFactor === 'enrol') return {ok: 'enrol', challenge: answer.challenge}
    return {ok: 'second-factor', challenge: answer.challenge, methods: answer.methods}
  } catch {
    return {ok: false, message: MESSAGES.loginFailed}
  }
}

/** The list URL: paid enrolments only, or every one with `includePending`. */
export const enrolmentsUrl = (includePending: boolean) => (includePending ? '/api/admin/enrollments?status=all' : '/api/admin/enrollments')

/**
 * The list (paid enrolments only unless `includePending`). A failed answer says
 * MESSAGES.fetchFailed; no answer, or one that cannot be read, MESSAGES.loadFailed.
 */
export const fetchEnrolments = (token: string, signal?: AbortSignal, options: {includePending?: boolean} = {}) =>
  adminFetch(enrolmentsUrl(options.includePending ?? false), {
    token,
    signal,
    schema: EnrolmentListSchema,
    failed: MESSAGES.fetchFailed,
    noAnswer: MESSAGES.loadFailed,
  })

/**
 * One page of the list, searched, sorted, filtered and summed by the server (`query`: the paged
 * call's parameters, ./enrolments.ts listQuery). Failures as fetchEnrolments.
 */
export const fetchEnrolmentPage = (token: string, query: URLSearchParams, signal?: AbortSignal) =>
  adminFetch(`/api/admin/enrollments?${query}`, {
    token,
    signal,
    schema: EnrolmentPageSchema,
    failed: MESSAGES.fetchFailed,
    noAnswer: MESSAGES.loadFailed,
  })

/**
 * The CSV of every row matching `query` (its page aside), written by the server (which records
 * the export in the audit log), saved as the file name the server gives.
 */
export async function downloadEnrolmentsCsv(token: string, query: URLSearchParams): Promise<void> {
  const csv = new URLSearchParams(query)
  csv.delete('page')
  csv.delete('pageSize')
  csv.set('format', 'csv')
  const response = await adminRequest(`/api/admin/enrollments?${csv}`, {
    token,
    headers: {Accept: 'text/csv'},
    failed: 'The CSV could not be downloaded',
    serverMessage: () => true,
  })
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'enrolments.csv'
  saveBlob(await response.blob(), name)
}

/** One enrolment with its attachments; a failure shows the server's reason, else 'Failed to load the enrolment'. */
export const fetchEnrolmentDetail = (token: string, orderId: string, signal?: AbortSignal) =>
  adminFetch(`/api/admin/enrollments/${encodeURIComponent(orderId)}`, {
    token,
    signal,
    schema: EnrolmentDetailSchema,
    failed: 'Failed to load the enrolment',
    serverMessage: () => true,
  })

/**
 * Changes the status of the enrolment of `orderId` and/or adds a note; resolves to the record
 * after the change. A refused change (400, 404, 409) shows the server's reason, anything else
 * FOLLOW_UP_MESSAGES.saveFailed.
 */
export const updateEnrolment = (token: string, orderId: string, change: EnrolmentUpdateRequest) =>
  adminFetch(`/api/admin/enrollments/${encodeURIComponent(orderId)}`, {
    token,
    method: 'PATCH',
    body: change,
    schema: EnrolmentDetailSchema,
    failed: FOLLOW_UP_MESSAGES.saveFailed,
    serverMessage: clientErrors,
  })

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

/** Downloads one cadetship document with the bearer header (a plain link could not send it). */
export async function downloadDocument(token: string, orderId: string, uploadId: string, fileName: string): Promise<void> {
  const path = `/api/admin/enrollments/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(uploadId)}`
  const response = await adminRequest(path, {token, headers: {Accept: '*/*'}, failed: 'The document could not be downloaded', serverMessage: () => true})
  saveBlob(await response.blob(), fileName)
}

/** One page of the outbox for `params` (page, pageSize, q, sort, dir, status, kind, from, to); any failure says OUTBOX_MESSAGES.loadFailed, a 400 the server's message. */
export const fetchOutboxPage = (token: string, params: URLSearchParams, signal?: AbortSignal) =>
  adminFetch(`/api/admin/outbox?${params}`, {token, signal, schema: OutboxPageSchema, failed: OUTBOX_MESSAGES.loadFailed, serverMessage: clientErrors})

/** The send-again path of message `id` (`receipt:MTC-2026-00001`: the colon stays as it is, a valid path character). */
export const sendAgainUrl = (id: string) => `/api/admin/outbox/${encodeURIComponent(id).replace(/%3A/gi, ':')}/send-again`

/**
 * Queues the failed message `id` again and has it tried at once; resolves to its new state. A
 * refusal (404, 409) shows the server's message, anything else OUTBOX_MESSAGES.sendFailed.
 */
export const sendMessageAgain = (token: string, id: string) =>
  adminFetch(sendAgainUrl(id), {token, method: 'POST', schema: OutboxSendAgainResponseSchema, failed: OUTBOX_MESSAGES.sendFailed, serverMessage: clientErrors})

/** One page of the enquiries for `params` (page, pageSize, q, sort, dir, status, from, to) with the new and total counts; a 400 shows the server's message. */
export const fetchEnquiriesPage = (token: string, params: URLSearchParams, signal?: AbortSignal) =>
  adminFetch(`/api/admin/enquiries?${params}`, {token, signal, schema: EnquiryPageSchema, failed: ENQUIRY_MESSAGES.loadFailed, serverMessage: clientErrors})

/** How many enquiries are new (the navigation's count): one row asked for, its `newCount` read. */
export const fetchNewEnquiryCount = async (token: string, signal?: AbortSignal) =>
  (await fetchEnquiriesPage(token, new URLSearchParams({page: '1', pageSize: '1', status: 'new'}), signal)).newCount

/** The PATCH path of enquiry `id` (a message key: only [0-9A-Za-z._-], nothing to escape, but encoded all the same). */
export const enquiryUrl = (id: string) => `/api/admin/enquiries/${encodeURIComponent(id)}`

/**
 * Sets the status of enquiry `id` (`handled`: "Mark as handled"; `new`: "Reopen"); resolves to the
 * enquiry after the change. A refusal (404, 400) shows the server's message, anything else
 * ENQUIRY_MESSAGES.updateFailed.
 */
export const setEnquiryStatus = (token: string, id: string, status: EnquiryStatus) =>
  adminFetch(enquiryUrl(id), {
    token,
    method: 'PATCH',
    body: {status} satisfies EnquiryUpdate,
    schema: EnquiryUpdateResponseSchema,
    failed: ENQUIRY_MESSAGES.updateFailed,
    serverMessage: clientErrors,
  })

/** The orders needing attention and one page of the webhook log for `params` (page, pageSize, q, sort, dir, result, from, to); a 400 shows the server's message. */
export const fetchPaymentsPage = (token: string, params: URLSearchParams, signal?: AbortSignal) =>
  adminFetch(`/api/admin/payments?${params}`, {token, signal, schema: PaymentsPageSchema, failed: PAYMENTS_MESSAGES.loadFailed, serverMessage: clientErrors})

/** The check-gateway path of order `orderId`. */
export const checkGatewayUrl = (orderId: string) => `/api/admin/enrollments/${encodeURIComponent(orderId)}/check-gateway`

/**
 * Asks the gateway whether the pending order `orderId` was paid (and has it marked paid if so);
 * resolves to the outcome and the message for staff. A failed answer shows the server's message
 * (404; 502 and 504: "… Nothing was changed …"), else PAYMENTS_MESSAGES.checkFailed (no answer,
 * an answer without a message, an unreadable answer).
 */
export const checkWithGateway = (token: string, orderId: string) =>
  adminFetch(checkGatewayUrl(orderId), {token, method: 'POST', schema: GatewayCheckSchema, failed: PAYMENTS_MESSAGES.checkFailed, serverMessage: () => true})

/** The refunds path of order `orderId` (POST: a new refund). */
export const refundsUrl = (orderId: string) => `/api/admin/enrollments/${encodeURIComponent(orderId)}/refunds`

/**
 * Asks for a refund of the enrolment of `orderId`: `body.amount` in MINOR units (cents),
 * `idempotencyKey` the form's key (schemas/contracts/refunds.ts IdempotencyKeySchema: 10–100 of
 * [A-Za-z0-9_-]), the same for every retry of one refund. Resolves to the refund and the
 * enrolment after it (201 new, 200 the same key again). A failed answer shows the server's
 * message for 4xx (400 the field or the most that can be refunded, 404, 409), 502 (the gateway
 * refused: nothing changed) and 504 (no answer in time); otherwise REFUND_MESSAGES.noAnswer (no
 * answer, or an unreadable one) or REFUND_MESSAGES.failed.
 */
export const createRefund = (token: string, orderId: string, body: RefundRequest, idempotencyKey: string) =>
  adminFetch(refundsUrl(orderId), {
    token,
    method: 'POST',
    body: body satisfies RefundRequest,
    headers: {'Idempotency-Key': idempotencyKey},
    schema: RefundResponseSchema,
    failed: REFUND_MESSAGES.failed,
    noAnswer: REFUND_MESSAGES.noAnswer,
    serverMessage: (status) => status < 500 || status === 502 || status === 504,
  })

/** The upcoming batches with their seat and waitlist counts, earliest first; any failure says BATCHES_MESSAGES.loadFailed. */
export const fetchAdminBatches = async (token: string, signal?: AbortSignal) =>
  (await adminFetch('/api/admin/batches', {token, signal, schema: AdminBatchListSchema, failed: BATCHES_MESSAGES.loadFailed})).batches

/** One batch's roster and waitlist; any failure says BATCHES_MESSAGES.rosterFailed. */
export const fetchAdminBatch = (token: string, batchId: string, signal?: AbortSignal) =>
  adminFetch(`/api/admin/batches/${encodeURIComponent(batchId)}`, {token, signal, schema: AdminBatchDetailSchema, failed: BATCHES_MESSAGES.rosterFailed})

/** Who is signed in and what they may do (GET /api/admin/me). Throws UnauthorizedError on 401. */
export const fetchMe = (token: string, signal?: AbortSignal) =>
  adminFetch('/api/admin/me', {token, signal, schema: StaffMeSchema, failed: 'Your account could not be read'})

/**
 * Logout: ends the session on the server (best effort: the token is dropped whatever the answer),
 * then removes the token and reloads the page (docs/requirements.md#req-states-admin-session).
 */
export async function signOut(token: string | null): Promise<void> {
  if (token) {
    try {
      await fetch('/api/admin/sign-out', {method: 'POST', headers: {Authorization: `Bearer ${token}`}, keepalive: true})
    } catch {
      // Offline: the session still ends at its 12-hour limit.
    }
  }
  logout()
}

/**
 * Tells the server that a CSV of `rows` rows of `list` is being saved, for the audit log. Sent
 * alongside the download and never in its way: the rows are already on the page.
 */
export function recordExport(token: string | null, body: ExportRecord): void {
  if (!token) return
  void fetch('/api/admin/exports', {
    method: 'POST',
    headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined)
}
