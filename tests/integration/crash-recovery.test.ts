/**
 * End to end: `kill -9` of the site in the middle of a burst of payments,
 * a restart on the same Blobs directory, and the admin list agrees with the records.
 *
 * The built site runs in a child process (tests/helpers/server-process.ts) as `npm start` runs
 * it. N + 1 sandbox orders are created and signed (create-order, sandbox/pay), then the saves of
 * N are sent at once and the server is SIGKILLed as soon as the first save answers. Where the
 * kill lands is left to chance on purpose: the assertions hold wherever it lands. On top of what
 * the kill leaves, while the server is down the test writes the two states a kill can leave that
 * a given run may or may not hit: the extra order's paid record whose index write never
 * happened, and the Blobs emulation's temporary file of a write killed before its rename. So the repair is exercised on
 * every run (without it this test fails, whatever the timing). After the restart, once the boot
 * repair has logged its counts, every record (GET /api/admin/enrollments/:orderId) and its row
 * in GET /api/admin/enrollments?status=all agree on status and paymentId, every row has a
 * record, and every save that was answered 200 before the kill is paid.
 */
import {randomBytes} from 'node:crypto'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import {afterAll, describe, expect, it} from 'vitest'
import {startServer, type ServerProcess} from '../helpers/server-process'

const ADMIN = {email: 'crash-test@example.com', password: 'a long local crash-test password'}
const ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_PASSWORD_HASH: '',
  SESSION_SECRET: '',
  // create-order is rate-limited per client: this test creates many orders from one.
  RATE_LIMIT_CREATE_ORDER: '1000/1m',
  RAZORPAY_KEY_ID: '',
  RAZORPAY_KEY_SECRET: '',
  RAZORPAY_WEBHOOK_SECRET: '',
  APP_ENV: '',
  CONTEXT: '',
}
const ORDERS = 30

const servers: ServerProcess[] = []
const blobsDir = mkdtempSync(join(tmpdir(), 'crash-blobs-'))
afterAll(async () => {
  for (const server of servers) await server.stop()
  rmSync(blobsDir, {recursive: true, force: true})
})

async function post(server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {method: 'POST', headers: {'content-type': 'application/json', ...headers}, body: JSON.stringify(body)})
  const text = await response.text()
  return {status: response.status, body: text ? JSON.parse(text) : null}
}

const form = (i: number) => ({
  name: `Crash Cadet ${i}`,
  email: `crash${i}@example.com`,
  mobile: '+63 917 123 4567',
  trainingProgram: 'pre-sea-training',
  course: 'PSF',
  amount: 50,
  currency: 'USD',
  termsAccepted: true,
})

/** Work on the stored data while the site is down: Netlify's BlobsServer on the same directory. */
async function withBlobs<T>(task: () => Promise<T>): Promise<T> {
  const token = randomBytes(16).toString('hex')
  const server = new BlobsServer({directory: blobsDir, token})
  const {port} = await server.start()
  const url = `http://localhost:${port}`
  const previous = process.env.NETLIFY_BLOBS_CONTEXT
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({edgeURL: url, uncachedEdgeURL: url, siteID: 'local-site', token})).toString('base64')
  try {
    return await task()
  } finally {
    if (previous === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT
    else process.env.NETLIFY_BLOBS_CONTEXT = previous
    await server.stop()
  }
}

describe('kill -9 during a burst of payments, then a restart', () => {
  it('after the boot repair, every record and its admin-list row agree', async () => {
    const first = await startServer({env: ENV, blobsDir})
    servers.push(first)

    // N + 1 orders, each signed by the sandbox (nothing is paid yet); the last one is kept out of the burst.
    const signed: Array<{razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string}> = []
    for (let i = 0; i <= ORDERS; i++) {
      const order = await post(first, '/api/enroll/create-order', form(i))
      expect(order.status, JSON.stringify(order.body)).toBe(200)
      const pay = await post(first, '/api/sandbox/pay', {orderId: order.body.id})
      expect(pay.status, JSON.stringify(pay.body)).toBe(200)
      signed.push(pay.body)
    }

    const extra = signed.pop()!
    // The burst: every save at once; SIGKILL as soon as the first one is answered.
    const saves = signed.map((body) =>
      post(first, '/api/enroll/save', body).then(
        (result) => result.status,
        () => 'no answer' as const,
      ),
    )
    await Promise.race(saves)
    await first.kill()
    servers.splice(servers.indexOf(first), 1)
    const answers = await Promise.all(saves)
    const acknowledged = signed.filter((_, i) => answers[i] === 200)
    expect(acknowledged.length).toBeGreaterThanOrEqual(1)

    // While the site is down: what a kill can leave, written deterministically (see the top).
    const {getEnrolment, listEnrolments} = await import('#netlify/services/enrolments/enrolments')
    const {listIndexedEnrolments} = await import('#netlify/services/enrolments/index-store')
    const {openStore, STORES} = await import('#netlify/platform/blobs')
    const before = await withBlobs(async () => {
      // markPaid's record write for the extra order, without the index write that should follow it.
      const unpaid = (await getEnrolment(extra.razorpay_order_id))!
      const at = new Date(Date.parse(unpaid.updatedAt) + 1000).toISOString()
      await openStore(STORES.enrolments).setJSON(unpaid.orderId, {
        ...unpaid,
        status: 'paid',
        paymentId: extra.razorpay_payment_id,
        paidAt: at,
        paidVia: 'callback',
        updatedAt: at,
      })
      const records = await listEnrolments()
      const rows = new Map((await listIndexedEnrolments()).map((row) => [row.orderId, row]))
      const disagreeing = records.filter((record) => {
        const row = rows.get(record.orderId)
        return !row || row.status !== record.status || row.paymentId !== (record.paymentId ?? null) || row.receiptNumber !== (record.receiptNumber ?? null)
      })
      return {
        records: records.length,
        disagreeing: disagreeing.map((record) => record.orderId),
        paid: await Promise.all(acknowledged.map((a) => getEnrolment(a.razorpay_order_id))),
      }
    })
    // A temporary file left by a write killed before its rename (a partial copy of a record).
    const folder = join(blobsDir, 'entries', 'local-site', 'site:enrolments')
    mkdirSync(folder, {recursive: true})
    writeFileSync(join(folder, '.k9tmp01'), '{"orderId":"order_sandbox_partial","status":"pai')

    console.info(
      `[crash-recovery] ${answers.filter((a) => a === 200).length} of ${ORDERS} saves answered before the kill; ` +
        `${before.disagreeing.length} of ${before.records} records disagreed with the admin list before the restart ` +
        `(${before.disagreeing.length - 1} left by the kill, 1 written by the test)`,
    )
    expect(before.records).toBe(ORDERS + 1)
    expect(before.disagreeing).toContain(extra.razorpay_order_id)
    // A save answered 200 was stored paid before the answer: the kill cannot take it back.
    for (const [i, record] of before.paid.entries())
      expect(record, acknowledged[i]!.razorpay_order_id).toMatchObject({status: 'paid', paymentId: acknowledged[i]!.razorpay_payment_id})

    // Restart on the same data; the boot repair runs before (or while) the site serves.
    const second = await startServer({env: ENV, blobsDir})
    servers.push(second)
    const output = await second.waitForOutput(/\[enrolment-index\] boot repair: checked \d+/)
    const counts = output.match(/boot repair: checked (\d+), repaired (\d+), removed (\d+)/)!
    expect(Number(counts[1])).toBe(ORDERS + 1)
    expect(Number(counts[2])).toBe(before.disagreeing.length)

    // Through the real admin API.
    const login = await post(second, '/api/admin', ADMIN)
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    const auth = {authorization: `Bearer ${login.body.authToken}`}
    const get = async (path: string) => {
      const response = await fetch(`${second.url}${path}`, {headers: auth})
      expect(response.status, path).toBe(200)
      return response.json()
    }
    const rows = (await get('/api/admin/enrollments?status=all')) as Array<{orderId: string; status: string; paymentId: string | null}>
    const orderIds = [...signed, extra].map((s) => s.razorpay_order_id)
    expect(rows.map((row) => row.orderId).sort()).toEqual([...orderIds].sort())
    for (const row of rows) {
      const record = await get(`/api/admin/enrollments/${encodeURIComponent(row.orderId)}`)
      expect({orderId: row.orderId, status: row.status, paymentId: row.paymentId}).toEqual({
        orderId: record.orderId,
        status: record.status,
        paymentId: record.paymentId ?? null,
      })
    }
    for (const a of acknowledged)
      expect(rows.find((row) => row.orderId === a.razorpay_order_id)).toMatchObject({status: 'paid', paymentId: a.razorpay_payment_id})
    expect(rows.find((row) => row.orderId === extra.razorpay_order_id)).toMatchObject({status: 'paid', paymentId: extra.razorpay_payment_id})

    // The default list is the paid ones, exactly.
    const paidRows = (await get('/api/admin/enrollments')) as typeof rows
    expect(paidRows.map((row) => row.orderId).sort()).toEqual(
      rows
        .filter((row) => row.status === 'paid')
        .map((row) => row.orderId)
        .sort(),
    )
  }, 180_000)
})
