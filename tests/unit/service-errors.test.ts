/**
 * ServiceError → answer, at both edges: handle() of the functions (netlify/platform/http.ts) and
 * toResponse() of the Remix routes (web/app/lib/service-response.server.ts). Each kind answers its
 * status, the body is `{error, details?}`, Retry-After comes with retryAfterSeconds; an HttpError
 * keeps its own status and headers; anything else is a 500 that leaks nothing (functions) or is
 * thrown on (routes).
 */
import {afterEach, describe, expect, it, vi} from 'vitest'
import {ServiceError, STATUS_OF_KIND, type ServiceErrorKind} from '#netlify/platform/errors'
import {handle, HttpError} from '#netlify/platform/http'
import {refusalOf, toResponse} from '~/lib/service-response.server'

const KINDS: Array<[ServiceErrorKind, number]> = [
  ['invalid', 400],
  ['unauthorized', 401],
  ['forbidden', 403],
  ['not-found', 404],
  ['conflict', 409],
  ['gone', 410],
  ['limited', 429],
  ['upstream', 502],
  ['timeout', 504],
  ['unavailable', 503],
]

/** The answer of a function whose handler throws `error`. */
async function answerOf(error: unknown) {
  const fn = handle(async () => {
    throw error
  })
  const response = await fn(new Request('http://localhost/api/x', {method: 'POST'}), {})
  return {status: response.status, headers: response.headers, body: await response.json()}
}

afterEach(() => vi.restoreAllMocks())

describe('STATUS_OF_KIND', () => {
  it('gives each kind its status, and only these kinds exist', () => {
    expect(Object.entries(STATUS_OF_KIND).sort()).toEqual([...KINDS].sort())
  })
})

describe('handle(): a ServiceError thrown by a service', () => {
  it.each(KINDS)('%s → %i with {error: message}, never stored', async (kind, status) => {
    const {status: answered, headers, body} = await answerOf(new ServiceError(kind, `A ${kind} refusal`))
    expect(answered).toBe(status)
    expect(body).toEqual({error: `A ${kind} refusal`})
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(headers.get('cache-control')).toBe('no-store')
    expect(headers.get('retry-after')).toBeNull()
  })

  it('adds details to the body and Retry-After (seconds) to the headers', async () => {
    const details = {amount: ['At most $25 USD can be refunded']}
    const invalid = await answerOf(new ServiceError('invalid', 'At most $25 USD can be refunded', {field: 'amount', details}))
    expect(invalid).toMatchObject({status: 400, body: {error: 'At most $25 USD can be refunded', details}})
    const limited = await answerOf(new ServiceError('limited', 'Too many requests', {retryAfterSeconds: 120}))
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({error: 'Too many requests'})
    expect(limited.headers.get('retry-after')).toBe('120')
  })

  it('keeps an HttpError of the edge as it is, and answers anything else with a 500 that says nothing', async () => {
    const http = await answerOf(new HttpError(415, 'Send the body as application/json', undefined, {Allow: 'POST'}))
    expect(http).toMatchObject({status: 415, body: {error: 'Send the body as application/json'}})
    expect(http.headers.get('allow')).toBe('POST')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const bug = await answerOf(new Error('secret stack detail'))
    expect(bug).toMatchObject({status: 500, body: {error: 'Something went wrong on our side. Please try again.'}})
  })
})

describe('toResponse(): the Remix routes', () => {
  it.each(KINDS)('%s → %i as the JSON error body by default', async (kind, status) => {
    const response = toResponse(new ServiceError(kind, 'Refused', {details: {field: ['Refused']}}))
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({error: 'Refused', details: {field: ['Refused']}})
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it("hands the refusal to the route's own answer, with Retry-After, and maps readBody's 413", () => {
    expect(toResponse(new ServiceError('unavailable', 'Try later', {retryAfterSeconds: 30}), (refusal) => refusal)).toEqual({
      status: 503,
      message: 'Try later',
      headers: {'Retry-After': '30'},
    })
    expect(refusalOf(new HttpError(413, 'Request body too large (limit 10 bytes)'))).toEqual({status: 413, message: 'Request body too large (limit 10 bytes)'})
  })

  it('throws anything that is not a refusal on', () => {
    const bug = new TypeError('x is undefined')
    expect(refusalOf(bug)).toBeNull()
    expect(() => toResponse(bug, () => 'answered')).toThrow(bug)
  })
})
