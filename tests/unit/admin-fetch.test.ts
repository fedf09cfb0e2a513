/**
 * adminFetch, the admin pages' one call of the admin API: the bearer token and no cache, 401 →
 * UnauthorizedError, a failed answer's text (the server's `{error}` only where allowed), no
 * answer, and an answer parsed by its zod contract (one that does not fit is never returned).
 */
import {afterEach, describe, expect, it, vi} from 'vitest'
import {stubFetch} from '../helpers/stub-fetch'
import {z} from 'zod'
import {AdminApiError, adminFetch, clientErrors, UnauthorizedError} from '~/components/admin/admin-fetch'

afterEach(() => {
  vi.unstubAllGlobals()
})

const schema = z.object({count: z.number().int()})
const options = {token: 't0ken', schema, failed: 'Failed to load', noAnswer: 'No answer'}

describe('adminFetch', () => {
  it('sends the bearer token and a JSON body, never from a cache, and returns the parsed answer without unknown keys', async () => {
    const fetchMock = stubFetch(Response.json({count: 3, extra: 'dropped'}))
    expect(await adminFetch('/api/admin/things', {...options, method: 'PATCH', body: {a: 1}, headers: {'Idempotency-Key': 'k'}})).toEqual({count: 3})
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/admin/things')
    expect(init).toMatchObject({method: 'PATCH', cache: 'no-store', body: '{"a":1}'})
    expect(init!.headers).toMatchObject({Authorization: 'Bearer t0ken', 'Content-Type': 'application/json', 'Idempotency-Key': 'k'})
  })

  it('401 → UnauthorizedError, whatever the body', async () => {
    stubFetch(Response.json({error: 'Invalid or expired token'}, {status: 401}))
    await expect(adminFetch('/x', options)).rejects.toBeInstanceOf(UnauthorizedError)
  })

  it('a failed answer shows the server’s message only where allowed, else `failed`', async () => {
    stubFetch(Response.json({error: 'Enrolment not found'}, {status: 404}))
    await expect(adminFetch('/x', options)).rejects.toThrow(new AdminApiError('Failed to load', {status: 404}))
    stubFetch(Response.json({error: 'Enrolment not found'}, {status: 404}))
    await expect(adminFetch('/x', {...options, serverMessage: clientErrors})).rejects.toThrow('Enrolment not found')
    stubFetch(Response.json({error: 'Internal detail'}, {status: 500}))
    await expect(adminFetch('/x', {...options, serverMessage: clientErrors})).rejects.toThrow('Failed to load')
    stubFetch(new Response('<html>', {status: 409}))
    await expect(adminFetch('/x', {...options, serverMessage: clientErrors})).rejects.toThrow('Failed to load')
  })

  it('a refusal shown keeps its status and its messages per field', async () => {
    stubFetch(Response.json({error: 'Enter a valid email address', details: {email: ['Enter a valid email address']}}, {status: 400}))
    const refusal = await adminFetch('/x', {...options, serverMessage: clientErrors}).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AdminApiError)
    expect(refusal).toMatchObject({message: 'Enter a valid email address', status: 400, details: {email: ['Enter a valid email address']}})
    stubFetch(Response.json({error: 'Enter a valid email address', details: {email: ['Enter a valid email address']}}, {status: 400}))
    expect(await adminFetch('/x', options).catch((error: unknown) => error)).toMatchObject({message: 'Failed to load', status: 400, details: {}})
  })

  it('no answer, an answer that is not JSON, or one that does not fit the contract → `noAnswer`', async () => {
    for (const answer of [new TypeError('Failed to fetch'), new Response('not json'), Response.json({count: '3'}), Response.json([])]) {
      stubFetch(answer)
      await expect(adminFetch('/x', options)).rejects.toThrow(new AdminApiError('No answer'))
    }
  })

  it('an abort is passed on as it is', async () => {
    const controller = new AbortController()
    controller.abort()
    const abort = new DOMException('aborted', 'AbortError')
    stubFetch(abort)
    await expect(adminFetch('/x', {...options, signal: controller.signal})).rejects.toBe(abort)
  })
})
