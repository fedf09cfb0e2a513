/** serverActionOr503 (web/app/lib/client-action.ts): the server action's answer, or the page's failure as a 503. */
import {afterEach, describe, expect, it, vi} from 'vitest'
import {serverActionOr503} from '~/lib/client-action'

type Outcome = {status: 'ok'; value: number} | {status: 'error'; message: string}
const failure: Outcome = {status: 'error', message: 'We could not reach the server.'}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('serverActionOr503', () => {
  it('answers what the server action answers, and logs nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const answer: Outcome = {status: 'ok', value: 42}
    await expect(serverActionOr503<Outcome>(async () => answer, failure, '[page] failed')).resolves.toBe(answer)
    expect(log).not.toHaveBeenCalled()
  })

  it('turns a failed server action into a 503 JSON Response carrying the failure, and logs the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = new TypeError('Failed to fetch')
    const result = await serverActionOr503<Outcome>(() => Promise.reject(error), failure, '[page] failed')
    expect(result).toBeInstanceOf(Response)
    const response = result as Response
    expect(response.status).toBe(503)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual(failure)
    expect(log).toHaveBeenCalledWith('[page] failed', error)
  })

  it('passes on whatever the server action resolves with, a Response included', async () => {
    const answered = new Response('{}', {status: 400})
    await expect(serverActionOr503<Outcome>(async () => answered, failure, '[page] failed')).resolves.toBe(answered)
  })
})
