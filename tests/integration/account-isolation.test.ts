/**
 * My training's isolation (docs/requirements.md#req-account): candidate A, signed in, walks every
 * portal endpoint with candidate B's ids and gets 404 each time (never 403, never B's data); the
 * same call with A's own ids succeeds, so a 404 here means "not yours", not "broken".
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import accountFn from '#netlify/functions/account'
import dateChangeFn from '#netlify/functions/account-date-change'
import documentsFn from '#netlify/functions/account-documents'
import type {EnrolmentRecord} from '#netlify/services/enrolments/enrolments'
import type {AccountOverview} from '#schemas/contracts/account'
import {loader as receiptLoader} from '~/routes/account.enrolments.$orderId.receipts.$number[.]pdf'
import {useAdminEnv} from './admin-fixtures'
import {callPortal, paidEnrolmentOf, sessionCookie} from './account-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

const NOW = new Date('2026-11-25T08:00:00.000Z')

/** What each candidate owns, for the walk. */
type Owned = {email: string; cookie: string; enrolment: EnrolmentRecord}

/** The status of a Remix loader's answer (a Response returned or thrown). */
async function loaderStatus(loader: (args: LoaderFunctionArgs) => unknown, path: string, params: Record<string, string>, cookie: string): Promise<number> {
  try {
    const answer = (await loader({
      request: new Request(`https://www.example.com${path}`, {headers: {cookie}}),
      params,
      context: {},
    } as LoaderFunctionArgs)) as Response
    return answer.status
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    throw thrown
  }
}

/**
 * Every portal endpoint that takes an enrolment's id, called by `as` with `ids`' ids: the status.
 * With one's own id the call may still be refused for its body or state (400, 409), never 404: the
 * enrolment was found. The sections' other ids (certificates, waitlist places, exam attempts) are
 * walked in ./account-more.test.ts, the same way. Add each new portal endpoint here.
 */
const ENDPOINTS: ReadonlyArray<{name: string; call: (as: Owned, ids: Owned) => Promise<number>}> = [
  {
    name: 'POST /api/account/enrolments/{orderId}/date-change',
    call: async (as, ids) =>
      (
        await callPortal(dateChangeFn, `/api/account/enrolments/${ids.enrolment.orderId}/date-change`, {
          cookie: as.cookie,
          body: {batchId: 'no-such-batch', note: ''},
          params: {orderId: ids.enrolment.orderId},
        })
      ).status,
  },
  {
    name: 'POST /api/account/enrolments/{orderId}/documents',
    call: async (as, ids) =>
      (
        await callPortal(documentsFn, `/api/account/enrolments/${ids.enrolment.orderId}/documents`, {
          cookie: as.cookie,
          body: {uploadId: 'upl_0000000000000000'},
          params: {orderId: ids.enrolment.orderId},
        })
      ).status,
  },
  {
    name: 'GET /account/enrolments/{orderId}/receipts/{number}.pdf',
    call: (as, ids) =>
      loaderStatus(
        receiptLoader as never,
        `/account/enrolments/${ids.enrolment.orderId}/receipts/${ids.enrolment.receiptNumber}.pdf`,
        {orderId: ids.enrolment.orderId, number: ids.enrolment.receiptNumber!},
        as.cookie,
      ),
  },
]

let a: Owned
let b: Owned

beforeAll(async () => {
  vi.stubEnv('SMTP_URL', '')
  const make = async (email: string): Promise<Owned> => {
    const enrolment = await paidEnrolmentOf(email, NOW)
    return {email, enrolment, cookie: await sessionCookie(email)}
  }
  a = await make('candidate.a@example.com')
  b = await make('candidate.b@example.com')
})

describe('candidate A with candidate B’s ids', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: 404 for B’s, found for A’s own`, async () => {
      expect(await endpoint.call(a, b)).toBe(404)
      const own = await endpoint.call(a, a)
      expect(own).not.toBe(404)
      expect(own).toBeLessThan(500)
    })
  }

  it('GET /api/account lists A’s records only', async () => {
    const {body} = await callPortal(accountFn, '/api/account', {cookie: a.cookie})
    const overview = body as AccountOverview
    expect(overview.enrolments.map((e) => e.orderId)).toEqual([a.enrolment.orderId])
    expect(JSON.stringify(overview)).not.toContain(b.email)
    expect(JSON.stringify(overview)).not.toContain(b.enrolment.orderId)
  })
})
