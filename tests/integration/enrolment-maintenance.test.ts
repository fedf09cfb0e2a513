/**
 * The scheduled function netlify/functions/enrolment-maintenance.ts (findings 6 and
 * 7), invoked the way Netlify invokes it (POST, JSON {next_run}) over the Blobs emulation: it
 * repairs the index and purges stale pending enrolments, and says what it did.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import maintenance, {config} from '#netlify/functions/enrolment-maintenance'
import {openStore, STORES} from '#netlify/platform/blobs'
import {listIndexedEnrolments} from '#netlify/services/enrolments/index-store'
import {createPending, getEnrolment, type EnrolmentRecord, type NewEnrolment} from '#netlify/services/enrolments/enrolments'
import {scheduledRequest} from '#netlify/platform/local-schedule'
import {newEnrolment} from './enrolment-fixtures'
import {startBlobs} from '../helpers/blobs'

let blobs: Awaited<ReturnType<typeof startBlobs>>
beforeAll(async () => {
  blobs = await startBlobs()
})
afterAll(async () => {
  await blobs.stop()
})

const enrolment = (orderId: string): NewEnrolment => newEnrolment('maintenance', {orderId})

describe('enrolment-maintenance (scheduled)', () => {
  it('is scheduled hourly (Netlify syntax) and has no public path', () => {
    expect(config).toEqual({schedule: '@hourly'})
  })

  it('repairs a stale row and purges a pending enrolment older than 7 days, answering the counts', async () => {
    const DAY = 24 * 60 * 60 * 1000
    // The purge uses the current time: the stale order is dated relative to it.
    const stale = await createPending(enrolment('order_maint_stale01'), new Date(Date.now() - 8 * DAY))
    const crashed = await createPending(enrolment('order_maint_crash01'), new Date(Date.now() - DAY))
    const paidAt = new Date(Date.now() - DAY + 60_000).toISOString()
    const paid: EnrolmentRecord = {...crashed, status: 'paid', paymentId: 'pay_maint0000001', paidAt, paidVia: 'webhook', updatedAt: paidAt}
    await openStore(STORES.enrolments).setJSON(crashed.orderId, paid) // written without its index write

    const nextRun = new Date('2026-11-24T13:00:00.000Z')
    const response = await maintenance(scheduledRequest('enrolment-maintenance', nextRun))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      repair: {checked: 2, repaired: 1, removed: 0, sums: 0, migrated: 0},
      purge: {checked: 2, purged: 1, uploads: 0},
      nextRun: nextRun.toISOString(),
    })
    expect(await getEnrolment(stale.orderId)).toBeNull()
    const rows = await listIndexedEnrolments()
    expect(rows.map((row) => row.orderId)).toEqual([crashed.orderId])
    expect(rows[0]).toMatchObject({status: 'paid', paymentId: 'pay_maint0000001'})
  })
})
