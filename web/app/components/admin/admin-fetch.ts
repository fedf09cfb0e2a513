/**
 * The one way the admin pages call the admin API (browser code): the bearer token, the 401 rule,
 * the failure texts and the check of every answer against its zod contract (schemas/contracts).
 *
 * - `adminRequest(path, options)` → the ok Response. Throws UnauthorizedError on 401 (the caller's
 *   `onUnauthorized` drops the token and shows the login form, "Your session has expired. Please
 *   sign in again."); AdminApiError(`noAnswer`) when no answer came (network failure; an abort is
 *   rethrown as it is); AdminApiError with the server's `{error}` when `serverMessage(status)`
 *   allows it and the answer has one (with its `status`, and its `details` per field), else
 *   AdminApiError(`failed`).
 * - `adminFetch(path, {schema, …})` → the answer parsed by `schema` (unknown keys dropped unless
 *   the schema keeps them). An answer that is not JSON or does not fit the contract throws
 *   AdminApiError(`noAnswer`): the page says it could not read it, never shows a half-read record.
 *
 * The token is the one given, else the stored one (lib/admin-session.ts, localStorage
 * 'authToken'). Requests are never cached (`cache: 'no-store'`).
 */
import type {z} from 'zod'
import {ApiErrorSchema, type ApiError} from '#schemas/contracts/errors'
import {readToken} from '~/lib/admin-session'

/** The server rejected the token (missing, expired, forged). */
export class UnauthorizedError extends Error {
  constructor() {
    super('Your session has expired. Please sign in again.')
    this.name = 'UnauthorizedError'
  }
}

/**
 * A failed admin call; `message` is the text the page shows. `status` is the failed answer's
 * (undefined when no answer came) and `details` its messages per field (a 400 naming the fields),
 * kept only when the server's message is shown.
 */
export class AdminApiError extends Error {
  readonly status?: number
  readonly details: NonNullable<ApiError['details']>
  constructor(message: string, options: {status?: number; details?: ApiError['details']} = {}) {
    super(message)
    this.name = 'AdminApiError'
    this.status = options.status
    this.details = options.details ?? {}
  }
}

/** Which failed statuses show the server's `{error}` (400, 404, 409… name what was refused; a 500's text is not for staff). */
export const clientErrors = (status: number) => status < 500

export type AdminRequestOptions = {
  /** The bearer token; default the stored one. */
  token?: string
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>
  signal?: AbortSignal
  /** The text of a failed answer without a server message to show. */
  failed: string
  /** The text when no answer came, or it could not be read; default `failed`. */
  noAnswer?: string
  /** Whether a failed answer of this status shows the server's `{error}`; default never. */
  serverMessage?: (status: number) => boolean
}

/** The `{error, details?}` of a failed answer (schemas/contracts/errors.ts), or null. */
export async function errorBody(response: Response): Promise<ApiError | null> {
  try {
    const body = ApiErrorSchema.safeParse(await response.json())
    return body.success && body.data.error.trim() ? body.data : null
  } catch {
    return null
  }
}

/** The `{error}` of a failed answer, or null. */
export async function errorText(response: Response): Promise<string | null> {
  return (await errorBody(response))?.error ?? null
}

/** The ok answer of `path` (see the module comment for what is thrown). */
export async function adminRequest(path: string, options: AdminRequestOptions): Promise<Response> {
  const {method = 'GET', body, signal, failed, noAnswer = failed, serverMessage} = options
  const headers: Record<string, string> = {Authorization: `Bearer ${options.token ?? readToken() ?? ''}`, Accept: 'application/json', ...options.headers}
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, cache: 'no-store'})
  } catch (error) {
    if (signal?.aborted) throw error
    throw new AdminApiError(noAnswer)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) {
    const refusal = serverMessage?.(response.status) ? await errorBody(response) : null
    throw new AdminApiError(refusal?.error ?? failed, {status: response.status, details: refusal?.details})
  }
  return response
}

/** The answer of `path`, parsed by `schema` (see the module comment). */
export async function adminFetch<S extends z.ZodTypeAny>(path: string, options: AdminRequestOptions & {schema: S}): Promise<z.output<S>> {
  const response = await adminRequest(path, options)
  const unreadable = new AdminApiError(options.noAnswer ?? options.failed)
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw unreadable
  }
  const parsed = options.schema.safeParse(body)
  if (!parsed.success) throw unreadable
  return parsed.data as z.output<S>
}
