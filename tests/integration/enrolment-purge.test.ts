/**
 * The purge of pending enrolments older than 7 days, over Netlify's Blobs
 * emulation. What it deletes (record, index row, the documents claimed by that order) and keeps
 * (paid ones of any age, young pending ones, documents of other orders), and the race with a
 * payment: at every step of the purge a payment may arrive, and whichever wins, a payment that
 * was accepted is never deleted. Clocks are injected (`now`), nothing waits on wall time.
 */
import fc from 'fast-check'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {ServiceError} from '#netlify/platform/errors'
import {listIndexedEnrolments} from '#netlify/services/enrolments/index-store'
import {PENDING_MAX_AGE_MS, purgeStalePendingEnrolments, type PurgeStep} from '#netlify/services/enrolments/purge'
import {repairEnrolmentIndex} from '#netlify/services/enrolments/repair'
import {beginPurge, createPending, EXPIRED_ORDER_MESSAGE, getEnrolment, markPaid, type NewEnrolment} from '#netlify/services/enrolments/enrolments'
import {openStore, STORES} from '#netlify/platform/blobs'
import {claimUploads, completeUpload, putChunk, startUpload} from '#netlify/services/uploads/uploads'
import {startBlobs} from '../helpers/blobs'
import {newEnrolment} from './enrolment-fixtures'

let blobs: Awaited<ReturnType<typeof startBlobs>>
beforeAll(async () => {
  blobs = await startBlobs()
})
afterAll(async () => {
  await blobs.stop()
})

const NOW = new Date('2026-11-24T12:00:00.000Z')
const DAY = 24 * 60 * 60 * 1000
const ago = (ms: number) => new Date(NOW.getTime() - ms)

const enrolment = (overrides: Partial<NewEnrolment> = {}): NewEnrolment =>
  newEnrolment('purge', {
    trainingProgram: 'cadetship-training',
    trainingProgramName: 'Cadetship Training',
    course: 'deck-cadet',
    courseName: 'Deck Cadet Program',
    amount: 3500,
    amountMinor: 350000,
    ...overrides,
  })

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

/** A pending enrolment created at `createdAt`, with `documents` completed uploads claimed by it. */
async function pendingAt(createdAt: Date, documents = 0) {
  const base = enrolment()
  const attachments = []
  for (let i = 0; i < documents; i++) {
    const {uploadId} = await startUpload({fileName: `doc${i}.pdf`, size: pdf.byteLength, contentType: 'application/pdf'})
    await putChunk(uploadId, '0', async () => pdf)
    attachments.push(await completeUpload(uploadId))
  }
  await claimUploads(
    attachments.map((a) => a.uploadId),
    base.orderId,
  )
  return createPending({...base, attachments}, createdAt)
}

const uploadExists = async (uploadId: string) => (await openStore(STORES.uploads).get(`${uploadId}/meta`)) !== null
const row = async (orderId: string) => (await listIndexedEnrolments()).find((r) => r.orderId === orderId)
const purge = (options: Parameters<typeof purgeStalePendingEnrolments>[0] = {}) => purgeStalePendingEnrolments({now: NOW, ...options})

describe('purgeStalePendingEnrolments', () => {
  it('deletes pending enrolments older than 7 days with their rows and documents; keeps paid ones and young ones', async () => {
    const stale = await pendingAt(ago(8 * DAY), 2)
    const young = await pendingAt(ago(6 * DAY), 1)
    const exactlySeven = await pendingAt(ago(PENDING_MAX_AGE_MS))
    const oldPaid = await pendingAt(ago(30 * DAY), 1)
    await markPaid(oldPaid.orderId, 'pay_oldpaid00001', 'webhook', {now: () => ago(29 * DAY)})

    const result = await purge()
    expect(result.purged).toContain(stale.orderId)
    expect(result.purged).not.toContain(young.orderId)
    expect(result.purged).not.toContain(exactlySeven.orderId)
    expect(result.purged).not.toContain(oldPaid.orderId)
    expect(result.uploads.sort()).toEqual(stale.attachments.map((a) => a.uploadId).sort())

    expect(await getEnrolment(stale.orderId)).toBeNull()
    expect(await row(stale.orderId)).toBeUndefined()
    for (const a of stale.attachments) expect(await uploadExists(a.uploadId)).toBe(false)

    expect(await getEnrolment(young.orderId)).toMatchObject({status: 'pending'})
    expect(await uploadExists(young.attachments[0]!.uploadId)).toBe(true)
    expect(await getEnrolment(exactlySeven.orderId)).toMatchObject({status: 'pending'})
    expect(await getEnrolment(oldPaid.orderId)).toMatchObject({status: 'paid', paymentId: 'pay_oldpaid00001'})
    expect(await row(oldPaid.orderId)).toMatchObject({status: 'paid'})
    expect(await uploadExists(oldPaid.attachments[0]!.uploadId)).toBe(true)

    // Nothing left to do: a second run deletes nothing.
    expect((await purge()).purged).toEqual([])
  })

  it('leaves documents claimed by another order alone', async () => {
    const other = await pendingAt(ago(DAY), 1)
    const stale = await pendingAt(ago(9 * DAY))
    // A (corrupt) record citing another order's upload: that upload is not this order's to delete.
    await openStore(STORES.enrolments).setJSON(stale.orderId, {...stale, attachments: other.attachments})
    const result = await purge()
    expect(result.purged).toContain(stale.orderId)
    expect(result.uploads).not.toContain(other.attachments[0]!.uploadId)
    expect(await uploadExists(other.attachments[0]!.uploadId)).toBe(true)
  })

  it('a purge interrupted after its mark is finished by the next run; meanwhile payments are refused and the repair drops the row', async () => {
    const stale = await pendingAt(ago(10 * DAY), 1)
    const claim = await beginPurge(stale.orderId, ago(PENDING_MAX_AGE_MS).toISOString(), NOW)
    expect(claim.outcome).toBe('marked')

    const refused = await markPaid(stale.orderId, 'pay_late00000001', 'callback').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ServiceError)
    expect(refused).toMatchObject({status: 409, message: EXPIRED_ORDER_MESSAGE})
    expect(await getEnrolment(stale.orderId)).toMatchObject({status: 'pending', purgeStartedAt: NOW.toISOString()})
    expect((await repairEnrolmentIndex()).removed).toBeGreaterThanOrEqual(1)
    expect(await row(stale.orderId)).toBeUndefined()

    const result = await purge({now: new Date(NOW.getTime() + 60 * 60 * 1000)})
    expect(result.purged).toContain(stale.orderId)
    expect(await getEnrolment(stale.orderId)).toBeNull()
    expect(await uploadExists(stale.attachments[0]!.uploadId)).toBe(false)
  })
})

/** What became of one stale order after a payment raced the purge. */
async function outcome(orderId: string, payment: Promise<unknown>) {
  const settled = await payment.then(
    () => ({accepted: true as const}),
    (error: unknown) => ({accepted: false as const, error}),
  )
  return {settled, record: await getEnrolment(orderId), row: await row(orderId)}
}

/** The invariant: an accepted payment is stored (paid, and so listed); a refused one left no record. */
function expectNoPaidRecordLost(orderId: string, paymentId: string, result: Awaited<ReturnType<typeof outcome>>) {
  if (result.settled.accepted) {
    expect(result.record, `${orderId}: accepted payment, record gone`).toMatchObject({status: 'paid', paymentId})
    expect(result.row, `${orderId}: accepted payment, not listed as paid`).toMatchObject({status: 'paid', paymentId})
  } else {
    const error = result.settled.error
    expect(error, `${orderId}: ${String(error)}`).toBeInstanceOf(ServiceError)
    expect([404, 409]).toContain((error as ServiceError).status)
    expect(result.record?.status ?? null, `${orderId}: refused payment, record still there`).not.toBe('paid')
  }
}

describe('a payment racing the purge never loses a paid record', () => {
  const STEPS: PurgeStep[] = ['before-mark', 'marked', 'row-removed', 'uploads-deleted', 'deleted']

  for (const step of STEPS) {
    it(`payment arriving at step "${step}" of the purge`, async () => {
      const order = await pendingAt(ago(8 * DAY), 1)
      const paymentId = `pay_race${step.replace(/-/g, '')}`.slice(0, 30)
      let payment: Promise<unknown> | undefined
      const result = await purge({
        onStep: async (at, orderId) => {
          if (orderId !== order.orderId || at !== step) return
          // The payment is processed to the end right here, between two steps of the purge.
          payment = markPaid(orderId, paymentId, 'webhook')
          await payment.catch(() => undefined)
        },
      })
      expect(payment, 'the step was reached').toBeDefined()
      const after = await outcome(order.orderId, payment!)
      expectNoPaidRecordLost(order.orderId, paymentId, after)
      if (step === 'before-mark') {
        // The payment landed first: the purge finds it paid and keeps it, documents and all.
        expect(after.settled.accepted).toBe(true)
        expect(result.purged).not.toContain(order.orderId)
        expect(await uploadExists(order.attachments[0]!.uploadId)).toBe(true)
      } else {
        expect(after.settled.accepted).toBe(false)
        expect(result.purged).toContain(order.orderId)
      }
    })
  }

  it('payments started concurrently with the purge, at random moments: every accepted one is kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({max: 40}), {minLength: 6, maxLength: 12}), async (delays) => {
        const orders = await Promise.all(delays.map(() => pendingAt(ago(8 * DAY))))
        const paymentIds = orders.map((order) => order.orderId.replace('order_', 'pay_'))
        // n turns of the event loop (no wall-clock wait): the payments start at scattered moments.
        const turns = (n: number) => Array.from({length: n}).reduce<Promise<void>>((p) => p.then(() => new Promise((r) => setImmediate(r))), Promise.resolve())
        const payments = orders.map((order, i) => turns(delays[i]!).then(() => markPaid(order.orderId, paymentIds[i]!, 'callback')))
        const [purged] = await Promise.all([purge(), ...payments.map((p) => p.catch(() => undefined))])
        for (const [i, order] of orders.entries()) {
          const after = await outcome(order.orderId, payments[i]!)
          expectNoPaidRecordLost(order.orderId, paymentIds[i]!, after)
          expect(purged.purged.includes(order.orderId)).toBe(!after.settled.accepted)
        }
      }),
      {numRuns: 5},
    )
  }, 60_000)
})
