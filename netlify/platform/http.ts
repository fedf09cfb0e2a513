/**
 * HTTP edges of the API functions: JSON responses, errors as `{error: message}` with the
 * right status, and body parsing that enforces a size limit (413), a content type (415) and
 * a zod schema (400) — never a 500 for bad input.
 */
import type {z} from 'zod'
import {getEnv} from '#netlify/platform/env'
import type {ApiError} from '#schemas/contracts/errors'
import {csvLine, type CsvValue} from '#schemas/rules/csv'
import {parseListQuery} from '#schemas/contracts/list-query'
import {NO_STORE} from '#netlify/platform/cache'
import {NON_PAGE_CSP, secureResponse} from '#netlify/platform/security'
import {ServiceError} from './errors'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string[] | undefined>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** Headers of every JSON answer: never stored, never sniffed. */
const JSON_HEADERS = {'Cache-Control': NO_STORE, 'X-Content-Type-Options': 'nosniff'}

/** `data` as a JSON answer (`init` status and headers kept), never stored. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers)
  for (const [name, value] of Object.entries(JSON_HEADERS)) headers.set(name, value)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(data), {...init, headers})
}

/** The error answer `{error, details?}` (schemas/contracts/errors.ts) with `status` and extra `headers`. */
export function errorResponse(status: number, message: string, details?: HttpError['details'], headers?: Record<string, string>): Response {
  const body: ApiError = details ? {error: message, details} : {error: message}
  return json(body, {status, headers})
}

/** A ServiceError's answer: its kind's status, `{error, details?}`, and Retry-After when it has one. */
export function serviceErrorResponse(error: ServiceError): Response {
  const headers = error.retryAfterSeconds === undefined ? undefined : {'Retry-After': String(error.retryAfterSeconds)}
  return errorResponse(error.status, error.message, error.details, headers)
}

/**
 * The name a download is saved under: the last part of `fileName` (no folder: `/` and `\`
 * end a folder), without control characters or double quotes, leading dots and spaces trimmed;
 * `document` when nothing is left.
 */
export function downloadFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? ''
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f"]/g, '')
    .replace(/^[.\s]+/, '')
    .trim()
  return cleaned || 'document'
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266) for downloadFileName(fileName): an
 * ASCII fallback (anything else and `%` replaced by `_`) and the exact name, percent-encoded (RFC 5987).
 */
export function contentDisposition(fileName: string): string {
  const name = downloadFileName(fileName)
  const fallback = name.replace(/[^\x20-\x7e]|%/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/**
 * `bytes` as a download `fileName` of `contentType`: never stored, never sniffed, sandboxed
 * (`default-src 'none'; …; sandbox`). `stream` sends the bytes as a stream instead of one buffer.
 */
export function download(bytes: Uint8Array, file: {contentType: string; fileName: string; stream?: boolean}): Response {
  const body = file.stream
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes)
          controller.close()
        },
      })
    : (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
  return new Response(body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': NO_STORE,
      'Content-Security-Policy': `${NON_PAGE_CSP}; sandbox`,
    },
  })
}

/** How many CSV rows are encoded into one chunk of a streamed CSV. */
const CSV_CHUNK_ROWS = 500

/**
 * A CSV download written as it goes: the UTF-8 byte order mark (spreadsheets then read the
 * file as UTF-8), `header`, then each row of `rows` (an async iterable, read only as fast as the
 * client takes the bytes: the whole list is never held in memory), RFC 4180 with formula
 * neutralisation (#schemas/rules/csv). Headers as `download` (no-store, nosniff, sandboxed), no
 * Content-Length. An error while reading rows aborts the stream (the client sees a failed
 * download, never a silently short file).
 */
export function csvDownload(fileName: string, header: readonly string[], rows: AsyncIterable<readonly CsvValue[]>): Response {
  const encoder = new TextEncoder()
  const iterator = rows[Symbol.asyncIterator]()
  let started = false
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = ''
      if (!started) {
        started = true
        text = '\uFEFF' + csvLine(header)
      }
      for (let n = 0; n < CSV_CHUNK_ROWS; n++) {
        const next = await iterator.next()
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text))
          controller.close()
          return
        }
        text += csvLine(next.value)
      }
      controller.enqueue(encoder.encode(text))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition(fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': NO_STORE,
      'Content-Security-Policy': `${NON_PAGE_CSP}; sandbox`,
    },
  })
}

/** Default largest JSON body a function reads (bytes). */
export const MAX_JSON_BYTES = 64 * 1024

/** Reads the raw body, refusing more than `maxBytes` (413) without buffering past the limit. */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes) throw new HttpError(413, `Request body too large (limit ${maxBytes} bytes)`)
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const {done, value} = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel()
      throw new HttpError(413, `Request body too large (limit ${maxBytes} bytes)`)
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

/** The zod issues as {field: [messages]} (form-style), for 400 responses. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    ;(out[key] ??= []).push(issue.message)
  }
  return out
}

/**
 * The JSON value of the body, unvalidated: 413 if larger than `maxBytes` (read no further), 400
 * if it does not parse. The content type is the caller's to check (readJson: 415). The one JSON
 * body reader of the functions and of the page actions that take JSON (the exam results action).
 */
export async function readJsonValue(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const raw = new TextDecoder().decode(await readBody(request, maxBytes))
  try {
    return JSON.parse(raw)
  } catch {
    throw new HttpError(400, 'The body is not valid JSON')
  }
}

/** Parses a JSON body against `schema`: 415 if not JSON, 413 if too large, 400 if invalid. */
export async function readJson<S extends z.ZodTypeAny>(request: Request, schema: S, maxBytes = MAX_JSON_BYTES): Promise<z.infer<S>> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Send the body as application/json')
  return parseWith(schema, await readJsonValue(request, maxBytes))
}

/** Validates `data` against `schema`, throwing a 400 HttpError listing the problems. */
export function parseWith<S extends z.ZodTypeAny>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data)
  if (!result.success) {
    const details = fieldErrors(result.error)
    const first = result.error.issues[0]?.message ?? 'Invalid request'
    throw new HttpError(400, first, details)
  }
  return result.data
}

/** Refuses methods other than `allowed` with 405. */
export function requireMethod(request: Request, ...allowed: string[]): void {
  if (!allowed.includes(request.method)) {
    throw new HttpError(405, `Use ${allowed.join(' or ')}`, undefined, {Allow: allowed.join(', ')})
  }
}

/**
 * Wraps a function handler: HttpErrors and ServiceErrors become their JSON responses (one mapping,
 * STATUS_OF_KIND of ./errors.ts); anything else is logged
 * and answered with a generic 500 that leaks nothing. Every answer, success or error, leaves
 * with the security headers (nosniff, Referrer-Policy, X-Frame-Options, `default-src 'none';
 * frame-ancestors 'none'` unless it set its own CSP, HSTS in production).
 * A function's module calls it as it loads, so the environment is validated at the function's
 * start: a malformed variable stops it with an EnvError naming the variable.
 */
export function handle<C>(handler: (request: Request, context: C) => Promise<Response>) {
  getEnv()
  return async (request: Request, context: C): Promise<Response> => secureResponse(request, await answer(handler, request, context))
}

async function answer<C>(handler: (request: Request, context: C) => Promise<Response>, request: Request, context: C): Promise<Response> {
  try {
    return await handler(request, context)
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error.status, error.message, error.details, error.headers)
    if (error instanceof ServiceError) return serviceErrorResponse(error)
    console.error(`[${request.method} ${request.url}]`, error)
    return errorResponse(500, 'Something went wrong on our side. Please try again.')
  }
}

/**
 * `work`'s value; an error of class `type` (a ServiceError subclass whose refusal HTTP names more
 * precisely than its kind, e.g. 415 for a file type) becomes an HttpError `status` with its message.
 */
export async function answeringAs<T>(status: number, type: abstract new (...args: never[]) => Error, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof type) throw new HttpError(status, error.message)
    throw error
  }
}

/** No Authorization header (401). */
export const NO_TOKEN = 'No authentication token found'
/** A header that is not `Bearer <token>`, or a token the verifier refuses (401). */
export const INVALID_TOKEN = 'Invalid or expired token'
const BEARER_CHALLENGE = 'Bearer realm="admin"'
const INVALID_TOKEN_CHALLENGE = 'Bearer realm="admin", error="invalid_token"'

/**
 * The bearer-token guard of an edge: `Authorization: Bearer <token>` handed to `verify`, which
 * resolves to who holds it or null. Missing header → 401 NO_TOKEN with a Bearer challenge; a
 * header of another shape, or null from `verify` → 401 INVALID_TOKEN (error="invalid_token").
 * Errors `verify` throws (a ServiceError 503 when logins are not configured) pass through.
 */
export async function requireBearer<T>(request: Request, verify: (token: string) => Promise<T | null>): Promise<T> {
  const header = request.headers.get('authorization')?.trim() ?? ''
  if (header === '') throw new HttpError(401, NO_TOKEN, undefined, {'WWW-Authenticate': BEARER_CHALLENGE})
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match) throw new HttpError(401, INVALID_TOKEN, undefined, {'WWW-Authenticate': INVALID_TOKEN_CHALLENGE})
  const holder = await verify(match[1]!)
  if (holder === null) throw new HttpError(401, INVALID_TOKEN, undefined, {'WWW-Authenticate': INVALID_TOKEN_CHALLENGE})
  return holder
}

/**
 * The request's query string read with a list's schema (schemas/contracts/list-query.ts
 * parseListQuery): the parsed query, or 400 with the message that names the bad parameter
 * ("pageSize must be a whole number from 1 to 100", "sort must be one of: …", "from must be a
 * date YYYY-MM-DD").
 */
export function readListQuery<S extends z.ZodTypeAny>(request: Request, schema: S): z.output<S> {
  const parsed = parseListQuery(schema, new URL(request.url).searchParams)
  if (!parsed.ok) throw new HttpError(400, parsed.message)
  return parsed.query
}

/** The query parameter `name` of the request's URL, or undefined when absent. */
export function queryParam(request: Request, name: string): string | undefined {
  return new URL(request.url).searchParams.get(name) ?? undefined
}

/** The client's address: Netlify's context.ip, else the first x-forwarded-for, else "unknown". */
export function clientAddress(request: Request, context?: {ip?: string}): string {
  return context?.ip || request.headers.get('x-nf-client-connection-ip') || request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown'
}

/** What an admin endpoint requires: one permission, one per method, or null for any signed-in person. */
export type PermissionDeclaration<P extends string> = P | null | Readonly<Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', P>>>

/** A function handler that declares the permission it checks (read by the role × endpoint test). */
export type GuardedHandler<C, P extends string> = ((request: Request, context: C) => Promise<Response>) & {readonly permission: PermissionDeclaration<P>}

/**
 * An admin endpoint: `handle()` around `handler`, which runs only for a bearer token that
 * `authorize` accepts with the declared permission (for the request's method when declared per
 * method; a method not declared gets 405). No token or a token `authorize` refuses (null) → 401;
 * `authorize` throws ServiceError 'forbidden' (403) for a role without the permission. The
 * handler receives who is signed in. The declaration stays readable on the result (`.permission`).
 */
export function guardedHandle<S, P extends string, C = {params?: Record<string, string>; ip?: string}>(
  permission: PermissionDeclaration<P>,
  authorize: (token: string, permission: P | null, options: {client: string}) => Promise<S | null>,
  handler: (request: Request, context: C, staff: S) => Promise<Response>,
): GuardedHandler<C, P> {
  const run = handle<C>(async (request, context) => {
    let needed: P | null
    if (permission === null || typeof permission === 'string') needed = permission
    else {
      const methods = Object.keys(permission)
      requireMethod(request, ...methods)
      needed = permission[request.method as keyof typeof permission]!
    }
    const client = clientAddress(request, context as {ip?: string} | undefined)
    const staff = await requireBearer(request, (token) => authorize(token, needed, {client}))
    return handler(request, context, staff)
  })
  return Object.assign(run, {permission})
}
