/**
 * The admin list's index repaired from the records, and listings that keep
 * only our keys. Over Netlify's Blobs emulation (a fresh directory for this file); the crash
 * states are written directly (a record written without its index write, exactly what a process
 * killed between the two leaves; the emulation's temporary file of a write killed mid-way).
 */
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {openStore, STORES} from '#netlify/platform/blobs'
import {clearEnrolmentIndex, listIndexedEnrolments, removeIndexRows, toSummary} from '#netlify/services/enrolments/index-store'
import {isStale, mapWithConcurrency, rebuildEnrolmentIndex, repairEnrolmentIndex} from '#netlify/services/enrolments/repair'
import {
  createPending,
  getEnrolment,
  listEnrolmentKeys,
  listEnrolments,
  markPaid,
  type EnrolmentRecord,
  type NewEnrolment,
} from '#netlify/services/enrolments/enrolments'
import {purgeStaleUploads} from '#netlify/services/uploads/uploads'
import {newEnrolment as fixture} from './enrolment-fixtures'
import {startBlobs} from '../helpers/blobs'

let blobs: Awaited<ReturnType<typeof startBlobs>>
beforeAll(async () => {
  blobs = await startBlobs()
})
afterAll(async () => {
  await blobs.stop()
})

/** Writes a file into a store's folder of the emulation, as its interrupted write leaves one. */
function strayFile(store: string, name: string, content: string) {
  const folder = join(blobs.directory, 'entries', 'test-site', `site:${store}`)
  mkdirSync(folder, {recursive: true})
  writeFileSync(join(folder, name), content)
}

const newEnrolment = (overrides: Partial<NewEnrolment> = {}): NewEnrolment => fixture('repair', overrides)

const T0 = new Date('2026-11-20T08:00:00.000Z')
const later = (ms: number) => new Date(T0.getTime() + ms)

/** The paid record markPaid would write, written WITHOUT its index write (a crash in between). */
async function payRecordOnly(record: EnrolmentRecord, paymentId: string, at: Date): Promise<EnrolmentRecord> {
  const paid: EnrolmentRecord = {...record, status: 'paid', paymentId, paidAt: at.toISOString(), paidVia: 'callback', updatedAt: at.toISOString()}
  await openStore(STORES.enrolments).setJSON(record.orderId, paid)
  return paid
}

const rowOf = async (orderId: string) => (await listIndexedEnrolments()).find((row) => row.orderId === orderId)

beforeEach(async () => {
  // Each test starts from records and index in agreement.
  await repairEnrolmentIndex()
})

describe('repairEnrolmentIndex', () => {
  it('re-derives a row left pending by a crash between the record write and the index write', async () => {
    const record = await createPending(newEnrolment(), T0)
    expect(await rowOf(record.orderId)).toMatchObject({status: 'pending', updatedAt: T0.toISOString()})
    const paid = await payRecordOnly(record, 'pay_crash000001', later(60_000))
    // The disagreement of finding 7: paid record, pending row.
    expect(await rowOf(record.orderId)).toMatchObject({status: 'pending', paymentId: null})

    const counts = await repairEnrolmentIndex()
    expect(counts).toMatchObject({repaired: 1, removed: 0})
    expect(counts.checked).toBe((await listEnrolmentKeys()).length)
    expect(await rowOf(record.orderId)).toEqual(toSummary(paid))
    expect(await rowOf(record.orderId)).toMatchObject({status: 'paid', paymentId: 'pay_crash000001', updatedAt: later(60_000).toISOString()})
  })

  it('adds the row of a record that has none and removes a row whose record is gone', async () => {
    const unindexed = newEnrolment()
    const record: EnrolmentRecord = {...unindexed, status: 'pending', createdAt: T0.toISOString(), updatedAt: T0.toISOString()}
    await openStore(STORES.enrolments).setJSON(record.orderId, record)
    const orphan = await createPending(newEnrolment(), T0)
    await openStore(STORES.enrolments).delete(orphan.orderId)
    expect(await rowOf(record.orderId)).toBeUndefined()
    expect(await rowOf(orphan.orderId)).toBeDefined()

    expect(await repairEnrolmentIndex()).toMatchObject({repaired: 1, removed: 1})
    expect(await rowOf(record.orderId)).toEqual(toSummary(record))
    expect(await rowOf(orphan.orderId)).toBeUndefined()
  })

  it('is idempotent: agreeing rows are left alone', async () => {
    const record = await createPending(newEnrolment(), T0)
    await markPaid(record.orderId, 'pay_idem00000001', 'callback', {now: () => later(1000)})
    const before = await listIndexedEnrolments()
    expect(await repairEnrolmentIndex()).toMatchObject({repaired: 0, removed: 0})
    expect(await repairEnrolmentIndex()).toMatchObject({repaired: 0, removed: 0})
    expect(await listIndexedEnrolments()).toEqual(before)
  })

  it('re-derives rows written before rows had a version (no updatedAt)', async () => {
    const record = await createPending(newEnrolment(), T0)
    const {updatedAt: _dropped, ...legacy} = toSummary(record)
    await removeIndexRows([record])
    const {indexStore, partitionKey, partitionOf} = await import('#netlify/services/enrolments/index-store')
    const key = partitionKey(partitionOf(record.createdAt))
    const partition = (await indexStore().get(key, {type: 'json'})) as {version: number; rows: Record<string, unknown>; sums: unknown}
    // Written as an older version would have: the row without a version, the sums left as they were.
    await indexStore().setJSON(key, {...partition, rows: {...partition.rows, [record.orderId]: legacy}})
    expect(await repairEnrolmentIndex()).toMatchObject({repaired: 1, sums: 1})
    expect(await rowOf(record.orderId)).toEqual(toSummary(record))
  })

  it('carries the first index (16 hash shards) over into the monthly partitions, then deletes the shards', async () => {
    const record = await createPending(newEnrolment(), T0)
    const original = await listIndexedEnrolments()
    await clearEnrolmentIndex()
    const {indexStore} = await import('#netlify/services/enrolments/index-store')
    // The first index's format: {entries: {orderId: summary}} in shard blobs v1/shard-XX.
    const entries = Object.fromEntries(original.map((row) => [row.orderId, row]))
    await indexStore().setJSON('v1/shard-00', {entries: Object.fromEntries(Object.entries(entries).slice(0, 2))})
    await indexStore().setJSON('v1/shard-0a', {entries: Object.fromEntries(Object.entries(entries).slice(2))})
    // A read that finds no partition carries them over.
    expect(await listIndexedEnrolments()).toEqual(original)
    expect((await rowOf(record.orderId))?.orderId).toBe(record.orderId)
    expect(await indexStore().get('v1/shard-00')).toBeNull()
    expect(await indexStore().get('v1/shard-0a')).toBeNull()
  })

  it('never regresses a paid row to pending (the row is more advanced than the record read)', async () => {
    const record = await createPending(newEnrolment(), T0)
    await markPaid(record.orderId, 'pay_never0000001', 'callback', {now: () => later(1000)})
    // A stale pending copy of the record (as a restored backup would be): the record says pending.
    await openStore(STORES.enrolments).setJSON(record.orderId, record)
    expect(isStale(await rowOf(record.orderId), record)).toBe(true)
    expect(await repairEnrolmentIndex()).toMatchObject({repaired: 0})
    expect(await rowOf(record.orderId)).toMatchObject({status: 'paid', paymentId: 'pay_never0000001'})
    // Put the paid record back for the tests after this one.
    await payRecordOnly(record, 'pay_never0000001', later(1000))
    await repairEnrolmentIndex()
  })

  it('rebuilds a deleted index to the same list (npm run enrolments:rebuild-index)', async () => {
    await createPending(newEnrolment(), T0)
    const original = await listIndexedEnrolments()
    await clearEnrolmentIndex()
    expect(await listIndexedEnrolments()).toEqual([])
    const result = await rebuildEnrolmentIndex()
    expect(result).toMatchObject({enrolments: original.length, partitions: 1, repaired: original.length, removed: 0})
    expect(await listIndexedEnrolments()).toEqual(original)
  })
})

describe('listings keep only our keys (the Blobs emulation leaves temporary files)', () => {
  it('enrolment listing, reads and the repair ignore a stray temporary file and a foreign key', async () => {
    const record = await createPending(newEnrolment(), T0)
    await payRecordOnly(record, 'pay_stray0000001', later(5000))
    // A write killed between writeFile and rename leaves `.<random>` with a partial copy.
    strayFile(STORES.enrolments, '.abcd1234', '{"orderId":"order_repair9999","status":"pa')
    await openStore(STORES.enrolments).set('notes/readme', 'not an enrolment')
    await openStore(STORES.enrolments).setJSON('order_x', {orderId: 'order_x', status: 'paid'}) // too short for an order id
    const {blobs: raw} = await openStore(STORES.enrolments).list()
    expect(raw.map((blob) => blob.key)).toEqual(expect.arrayContaining(['.abcd1234', 'notes/readme', 'order_x']))

    const keys = await listEnrolmentKeys()
    expect(keys).toContain(record.orderId)
    expect(keys.filter((key) => !/^order_[A-Za-z0-9_]{6,64}$/.test(key))).toEqual([])
    await expect(listEnrolments()).resolves.toEqual(expect.arrayContaining([expect.objectContaining({orderId: record.orderId})]))

    const counts = await repairEnrolmentIndex()
    expect(counts).toMatchObject({repaired: 1, removed: 0, checked: keys.length})
    const rows = await listIndexedEnrolments()
    expect(rows.map((row) => row.orderId)).not.toContain('order_x')
    expect(rows.find((row) => row.orderId === record.orderId)).toMatchObject({status: 'paid'})
  })

  it('the purge of stale uploads ignores a stray temporary file and keys that are not upload records', async () => {
    const uploads = openStore(STORES.uploads)
    const id = 'upl_staleupload0000000001'
    await uploads.setJSON(`${id}/meta`, {
      uploadId: id,
      fileName: 'a.pdf',
      size: 1,
      declaredType: '',
      chunkSize: 1,
      chunks: 1,
      status: 'pending',
      createdAt: '2026-11-01T00:00:00.000Z',
    })
    strayFile(STORES.uploads, '.zx81abcd', '{"uploadId":"upl_')
    await uploads.set('notes/meta', 'not an upload')
    await uploads.setJSON('upl_bad!/meta', {uploadId: 'upl_bad!', status: 'pending', createdAt: '2026-01-01T00:00:00.000Z', chunks: 0})
    expect(await purgeStaleUploads(24 * 60 * 60 * 1000, Date.parse('2026-11-24T00:00:00.000Z'))).toEqual([id])
    expect(await uploads.get(`${id}/meta`)).toBeNull()
    expect(await uploads.get('notes/meta', {type: 'text'})).toBe('not an upload')
  })
})

describe('mapWithConcurrency', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0
    let most = 0
    const result = await mapWithConcurrency([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setImmediate(resolve))
      running--
      return n * 10
    })
    expect(result).toEqual([10, 20, 30, 40, 50, 60, 70])
    expect(most).toBe(3)
    expect(await mapWithConcurrency([], 3, async () => 1)).toEqual([])
  })

  it('the repair gives the same result one record at a time', async () => {
    const record = await createPending(newEnrolment(), T0)
    await payRecordOnly(record, 'pay_one000000001', later(2000))
    expect(await repairEnrolmentIndex({concurrency: 1})).toMatchObject({repaired: 1, removed: 0})
    expect(await rowOf(record.orderId)).toEqual(toSummary((await getEnrolment(record.orderId))!))
  })
})
