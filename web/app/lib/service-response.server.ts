/**
 * The one mapping of a service's refusal to a Remix action's or loader's answer. A ServiceError
 * (netlify/platform/errors.ts) answers with its kind's status (STATUS_OF_KIND), its message,
 * its details and, for `limited` / `unavailable`, Retry-After; an HttpError of the request
 * readers of netlify/platform/http.ts (readBody's 413, readJsonValue's 400) with its own status
 * and message. Anything else is not a refusal: it is thrown on, and Remix answers 500.
 */
import {ServiceError} from '#netlify/platform/errors'
import {errorResponse, HttpError} from '#netlify/platform/http'

/** A refusal as a route answers it. */
export type Refusal = {
  status: number
  message: string
  details?: Record<string, string[] | undefined>
  /** Extra headers of the answer (Retry-After). */
  headers?: Record<string, string>
}

/** The refusal `error` stands for, or null when it is not one (a bug, an outage: the caller throws it on). */
export function refusalOf(error: unknown): Refusal | null {
  if (error instanceof ServiceError) {
    return {
      status: error.status,
      message: error.message,
      ...(error.details ? {details: error.details} : {}),
      ...(error.retryAfterSeconds === undefined ? {} : {headers: {'Retry-After': String(error.retryAfterSeconds)}}),
    }
  }
  if (error instanceof HttpError) {
    return {
      status: error.status,
      message: error.message,
      ...(error.details ? {details: error.details} : {}),
      ...(error.headers ? {headers: error.headers} : {}),
    }
  }
  return null
}

/**
 * The route's answer to `error`: `answer(refusal)` when it is a refusal (default: the JSON
 * error body `{error, details?}` with its status and headers, never stored); throws `error` on
 * otherwise.
 */
export function toResponse<T = Response>(error: unknown, answer?: (refusal: Refusal) => T): T {
  const refusal = refusalOf(error)
  if (!refusal) throw error
  if (answer) return answer(refusal)
  return errorResponse(refusal.status, refusal.message, refusal.details, refusal.headers) as T
}
