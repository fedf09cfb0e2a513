/**
 * The one error type of the services and the platform: what went wrong, in words a client may
 * read, without any HTTP. Each edge maps it to a status once (`handle()` in ./http.ts for the
 * functions, `toResponse()` in web/app/lib/service-response.server.ts for Remix actions).
 */

/** What kind of failure: the edge's status follows from it (STATUS_OF_KIND). */
export type ServiceErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not-found' | 'conflict' | 'gone' | 'limited' | 'upstream' | 'timeout' | 'unavailable'

/** The HTTP status each kind answers with, at every edge. */
export const STATUS_OF_KIND: Readonly<Record<ServiceErrorKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  limited: 429,
  upstream: 502,
  timeout: 504,
  unavailable: 503,
}

export type ServiceErrorOptions = {
  /** The input field the message is about (a form shows it beside that field). */
  field?: string
  /** Messages per field, as zod's flatten() gives them (the `details` of the error body). */
  details?: Record<string, string[] | undefined>
  /** For `limited` and `unavailable`: when to try again (seconds; the Retry-After header). */
  retryAfterSeconds?: number
}

/**
 * A refusal or failure of a use case. `message` is shown to the client as it is, so it never
 * holds a secret, a stack or another visitor's data.
 */
export class ServiceError extends Error {
  readonly field?: string
  readonly details?: Record<string, string[] | undefined>
  readonly retryAfterSeconds?: number
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    options: ServiceErrorOptions = {},
  ) {
    super(message)
    this.name = 'ServiceError'
    this.field = options.field
    this.details = options.details
    this.retryAfterSeconds = options.retryAfterSeconds
  }

  /** The HTTP status of this error's kind. */
  get status(): number {
    return STATUS_OF_KIND[this.kind]
  }
}
