/**
 * My training's payments (docs/requirements.md#req-account) on in-memory Blobs: the receipt and
 * refund receipt PDFs (text checked with pdftotext), the cadetship installments with "Pay now" for
 * a requested one (and the "Installment 2 is due" action on top), and 404 for a number that is not
 * one of the enrolment's receipts.
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {beforeEach, describe, expect, it, vi} from 'vitest'
import accountFn from '#netlify/functions/account'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import type {EnrolmentRecord} from '#netlify/services/enrolments/enrolments'
import {indexEnrolment} from '#netlify/services/enrolments/index-store'
import type {AccountOverview} from '#schemas/contracts/account'
import {loader as receiptLoader} from '~/routes/account.enrolments.$orderId.receipts.$number[.]pdf'
import {useAdminEnv} from './admin-fixtures'
import {callPortal, paidEnrolmentOf, sessionCookie} from './account-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'
import {pdfText} from '../helpers/pdf-text'

usePaymentsTestEnvironment()
useAdminEnv()

const NOW = new Date('2026-11-25T08:00:00.000Z')

beforeEach(() => {
  vi.stubEnv('SMTP_URL', '')
  vi.stubEnv('SITE_URL', 'https://www.example.com')
})

/** GET a receipt PDF as the holder of `cookie`: the Response (thrown redirects returned). */
async function getPdf(href: string, cookie: string): Promise<Response> {
  const match = /^\/account\/enrolments\/([^/]+)\/receipts\/([^/]+)\.pdf$/.exec(href)!
  try {
    return (await receiptLoader({
      request: new Request(`https://www.example.com${href}`, {headers: {cookie}}),
      params: {orderId: decodeURIComponent(match[1]!), number: decodeURIComponent(match[2]!)},
      context: {},
    } as unknown as LoaderFunctionArgs)) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

/** Changes the stored record of `orderId` and its index row. */
async function change(orderId: string, edit: (record: EnrolmentRecord) => EnrolmentRecord) {
  const {value} = await updateJSON<EnrolmentRecord>(openStore(STORES.enrolments), orderId, (current) => edit(current!))
  await indexEnrolment(value!)
}

describe('receipts', () => {
  it('lists the receipt and each processed refund receipt; both download as PDFs with their text', async () => {
    const email = 'refunded.candidate@example.com'
    const record = await paidEnrolmentOf(email, NOW, {name: 'Refunded Candidate'})
    await change(record.orderId, (current) => ({
      ...current,
      status: 'partially-refunded',
      refunds: [
        {
          id: 'rf_accounttest00001',
          gatewayRefundId: 'rfnd_sandbox_0001',
          amount: 2000,
          currency: 'USD',
          reason: 'requested-by-candidate',
          status: 'processed',
          by: 'Owner <staff@maritime.example>',
          createdAt: NOW.toISOString(),
          processedAt: NOW.toISOString(),
          idempotencyKey: 'key-account-1',
          statusBefore: 'paid',
        },
        {
          id: 'rf_accounttest00002',
          amount: 1000,
          currency: 'USD',
          reason: 'other',
          status: 'requested',
          by: 'Owner <staff@maritime.example>',
          createdAt: NOW.toISOString(),
          idempotencyKey: 'key-account-2',
          statusBefore: 'paid',
        },
      ],
    }))
    const cookie = await sessionCookie(email)
    const overview = (await callPortal(accountFn, '/api/account', {cookie})).body as AccountOverview
    const card = overview.enrolments[0]!
    expect(card.status).toBe('Partially refunded')
    expect(card.receipts.map((r) => r.label)).toEqual([`Receipt ${record.receiptNumber}`, 'Refund receipt rfnd_sandbox_0001'])

    const receipt = await getPdf(card.receipts[0]!.href, cookie)
    expect(receipt.status).toBe(200)
    expect(receipt.headers.get('content-type')).toBe('application/pdf')
    expect(receipt.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${record.receiptNumber}.pdf"`)
    expect(receipt.headers.get('cache-control')).toContain('no-store')

    const refund = await getPdf(card.receipts[1]!.href, cookie)
    expect(refund.status).toBe(200)
    const text = pdfText(new Uint8Array(await refund.arrayBuffer()))
    expect(text).toContain('Refund receipt')
    expect(text).toContain('rfnd_sandbox_0001')
    expect(text).toContain('USD 20.00')
    expect(text).toContain('Refunded Candidate')
    expect(text).toContain(record.receiptNumber!)

    // Not a receipt of this enrolment: the refund still requested, a made-up number.
    for (const number of ['rf_accounttest00002', 'MTC-2026-99999']) {
      expect((await getPdf(`/account/enrolments/${record.orderId}/receipts/${number}.pdf`, cookie)).status).toBe(404)
    }
  })

  it('sends a visitor without a session to /account, "Please sign in again" for an ended one, coming back after', async () => {
    const record = await paidEnrolmentOf('no.session@example.com', NOW)
    const href = `/account/enrolments/${record.orderId}/receipts/${record.receiptNumber}.pdf`
    const none = await getPdf(href, '')
    expect(none.status).toBe(303)
    expect(none.headers.get('location')).toBe(`/account?next=${encodeURIComponent(href)}`)
    const ended = await getPdf(href, 'mt_account=not-a-token')
    expect(ended.headers.get('location')).toBe(`/account?next=${encodeURIComponent(href)}&expired=1`)
  })
})

describe('installments', () => {
  it('shows the cadetship schedule, "Pay now" for a requested installment, and the action on top', async () => {
    const email = 'cadet.installments@example.com'
    const record = await paidEnrolmentOf(email, NOW, {
      trainingProgram: 'cadetship-training',
      trainingProgramName: 'Cadetship Training',
      course: 'deck-cadet',
      courseName: 'Deck Cadet',
      amount: 3500,
      amountMinor: 350000,
    })
    await change(record.orderId, (current) => ({
      ...current,
      installmentLinks: [
        {
          number: 2,
          referenceId: `${current.orderId}-i2`,
          status: 'requested',
          amountMinor: 250000,
          currency: 'USD',
          createdAt: NOW.toISOString(),
          expireBy: new Date(NOW.getTime() + 30 * 86_400_000).toISOString(),
          by: 'Owner <staff@maritime.example>',
          linkId: 'plink_sandbox_ABCDEFGHIJKLMN',
          shortUrl: 'https://www.example.com/pay/link/plink_sandbox_ABCDEFGHIJKLMN',
        },
      ],
    }))
    const overview = (await callPortal(accountFn, '/api/account', {cookie: await sessionCookie(email)})).body as AccountOverview
    const installments = overview.enrolments[0]!.installments!
    expect(installments.map((i) => [i.number, i.state])).toEqual([
      [1, 'paid'],
      [2, 'requested'],
      [3, 'due'],
    ])
    expect(installments[0]!.receipt?.label).toBe(`Receipt ${record.receiptNumber}`)
    expect(installments[1]!.payUrl).toMatch(/plink_sandbox_ABCDEFGHIJKLMN$/)
    expect(overview.actions[0]).toMatchObject({text: 'Installment 2 is due', label: 'Pay now'})
  })
})
