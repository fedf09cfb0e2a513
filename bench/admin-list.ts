/**
 * Benchmark of the admin list (not a test): seeds 10,000 enrolment summaries into the index
 * shards of a temporary BlobsServer, then times GET /api/admin/enrollments (the function
 * itself: token check, the shards read in parallel, sort, JSON) and the index read alone.
 *   npm run bench:admin [-- COUNT RUNS]
 */
import {randomBytes} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import type {EnrolmentSummary} from '#netlify/services/enrolments/index-store'

const COUNT = Number(process.argv[2] ?? 10_000)
const RUNS = Number(process.argv[3] ?? 50)

const directory = mkdtempSync(join(tmpdir(), 'bench-blobs-'))
const token = randomBytes(16).toString('hex')
const server = new BlobsServer({directory, token})
const {port} = await server.start()
const url = `http://localhost:${port}`
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({edgeURL: url, uncachedEdgeURL: url, siteID: 'bench', token})).toString('base64')
process.env.ADMIN_EMAIL = 'bench@example.com'
process.env.ADMIN_PASSWORD = 'bench'
delete process.env.ADMIN_PASSWORD_HASH
delete process.env.SESSION_SECRET
delete process.env.APP_ENV
delete process.env.CONTEXT

const {indexStore, listIndexedEnrolments, shardKey, shardOf, SHARD_COUNT} = await import('#netlify/services/enrolments/index-store')
const {parseSessionSecret} = await import('#netlify/services/admin/config')
const {signAdminToken} = await import('#netlify/services/admin/token')
const {createSession} = await import('#netlify/services/staff/sessions')
const {BOOTSTRAP_ID} = await import('#netlify/services/staff/directory')
const {default: list} = await import('#netlify/functions/admin-enrolments')

// Seed: the shards written directly (what COUNT indexEnrolment calls would leave).
const shards: Record<string, EnrolmentSummary>[] = Array.from({length: SHARD_COUNT}, () => ({}))
const start = Date.UTC(2024, 0, 1)
for (let i = 0; i < COUNT; i++) {
  const orderId = `order_bench${i.toString(36).padStart(8, '0')}`
  const paid = i % 3 !== 0
  const createdAt = new Date(start + i * 60_000).toISOString()
  shards[shardOf(orderId)]![orderId] = {
    _id: orderId,
    orderId,
    name: `Cadet Number ${i}`,
    email: `cadet${i}@example.com`,
    mobile: `+63 917 ${String(1000000 + i).slice(-7)}`,
    amount: [50, 900, 3500, 4400][i % 4]!,
    currency: 'USD',
    trainingProgramName: 'Competency Training',
    courseName: 'Master / Chief Officer',
    country: i % 4 === 3 ? 'Vietnam' : '',
    status: paid ? 'paid' : 'pending',
    createdAt,
    paidAt: paid ? createdAt : null,
    paymentId: paid ? `pay_bench${i}` : null,
    receiptNumber: paid ? `MTC-2026-${String(i).padStart(5, '0')}` : null,
    attachmentCount: i % 7 === 0 ? 2 : 0,
    updatedAt: createdAt,
  }
}
const store = indexStore()
await Promise.all(shards.map((entries, i) => store.setJSON(shardKey(i), {entries})))

const session = await createSession(BOOTSTRAP_ID, {address: '127.0.0.1', userAgent: 'bench'})
const {token: authToken} = await signAdminToken({staffId: BOOTSTRAP_ID, sessionId: session.id}, parseSessionSecret(process.env))
const request = () => new Request('http://localhost/api/admin/enrollments', {headers: {authorization: `Bearer ${authToken}`}})

async function time(label: string, run: () => Promise<number>) {
  for (let i = 0; i < 3; i++) await run() // warm-up
  const samples: number[] = []
  let size = 0
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    size = await run()
    samples.push(performance.now() - t0)
  }
  samples.sort((a, b) => a - b)
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!.toFixed(1)
  console.log(`${label}: ${RUNS} runs, p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${samples.at(-1)!.toFixed(1)} ms (${size})`)
}

try {
  console.log(`${COUNT} enrolments in ${SHARD_COUNT} shards (Node ${process.version})`)
  await time('GET /api/admin/enrollments (function, body read)', async () => {
    const response = await list(request(), {} as never)
    if (response.status !== 200) throw new Error(`status ${response.status}`)
    const text = await response.text()
    return text.length
  })
  await time('listIndexedEnrolments()', async () => (await listIndexedEnrolments()).length)
} finally {
  await server.stop()
  rmSync(directory, {recursive: true, force: true})
}
