/**
 * Benchmark of the admin list (not a test; docs/performance.md): seeds COUNT enrolments spread
 * over 36 months into the index partitions of a temporary BlobsServer (the emulation, over HTTP),
 * then times GET /api/admin/enrollments — the function itself: token check, the partitions'
 * listing, paging, sums, JSON — for:
 * the first page; a search for a name; a search for a mobile substring; sorting by amount; a
 * page deep in the list; the CSV export (time and memory peak); 50 concurrent enrolment writes
 * into one month during reads (no row lost; blob writes per enrolment write); My training's overview
 * of one candidate among them (netlify/services/account/overview.ts). A 10,000-row run
 * comes first, for comparison.
 *   npm run bench:admin [-- COUNT RUNS]
 */
import {randomBytes} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import type {EnrolmentSummary} from '#schemas/contracts/admin'
import type {EnrolmentRecord} from '#netlify/services/enrolments/record'

const COUNT = Number(process.argv[2] ?? 100_000)
const RUNS = Number(process.argv[3] ?? 40)
const MB = 1024 * 1024

process.env.ADMIN_EMAIL = 'bench@example.com'
process.env.ADMIN_PASSWORD = 'bench'
delete process.env.ADMIN_PASSWORD_HASH
delete process.env.SESSION_SECRET
delete process.env.APP_ENV
delete process.env.CONTEXT

async function startServer() {
  const directory = mkdtempSync(join(tmpdir(), 'bench-blobs-'))
  const token = randomBytes(16).toString('hex')
  const server = new BlobsServer({directory, token})
  const {port} = await server.start()
  const url = `http://localhost:${port}`
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({edgeURL: url, uncachedEdgeURL: url, siteID: 'bench', token})).toString('base64')
  return {stop: async () => (await server.stop(), rmSync(directory, {recursive: true, force: true}))}
}

const {indexStore, partitionKey, partitionOf, indexEnrolment, readIndexRows} = await import('#netlify/services/enrolments/index-store')
const {sumsOf} = await import('#schemas/rules/enrolment-list')
const {parseSessionSecret} = await import('#netlify/services/admin/config')
const {signAdminToken} = await import('#netlify/services/admin/token')
const {createSession} = await import('#netlify/services/staff/sessions')
const {BOOTSTRAP_ID} = await import('#netlify/services/staff/directory')
const {default: list} = await import('#netlify/functions/admin-enrolments')
const {accountOverview} = await import('#netlify/services/account/overview')
const {openStore} = await import('#netlify/platform/blobs')

const FIRST = ['Maria', 'José', 'Juan', 'Ana', 'Pedro', 'Nguyen', 'Rahul', 'Priya', 'Ivan', 'Olga']
const LAST = ['Santos', 'Reyes', 'Cruz', 'Tran', 'Sharma', 'Patel', 'Petrov', 'Garcia', 'Mendoza', 'Singh']
const COURSES = [
  ['STCW Basic Training', 'Basic Safety Training', 'USD', 450],
  ['Offshore Training', 'BOSIET', 'USD', 1250],
  ['Competency Training', 'Master / Chief Officer', 'USD', 3500],
  ['Cadetship', 'Deck Cadetship', 'INR', 285000],
] as const
const START = Date.UTC(2024, 0, 1)
const SPAN = Date.UTC(2027, 0, 1) - START // 36 months

/** The row of enrolment `i` of `count` (spread evenly over the 36 months). */
function row(i: number, count: number): EnrolmentSummary {
  const orderId = `order_bench${i.toString(36).padStart(8, '0')}`
  const createdAt = new Date(START + Math.floor((i / count) * SPAN)).toISOString()
  const [program, course, currency, amount] = COURSES[i % COURSES.length]!
  const paid = i % 5 !== 0
  const status = !paid ? 'pending' : (['paid', 'contacted', 'confirmed', 'completed'] as const)[i % 4]!
  return {
    _id: orderId,
    orderId,
    name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i}`,
    email: `cadet${i}@example.com`,
    mobile: `+63 917 ${String(1_000_000 + ((i * 7919) % 9_000_000)).padStart(7, '0')}`,
    amount,
    currency,
    trainingProgramName: program,
    courseName: course,
    country: i % 4 === 2 ? 'Philippines' : '',
    status,
    createdAt,
    paidAt: paid ? createdAt : null,
    paymentId: paid ? `pay_bench${i}` : null,
    attachmentCount: i % 7 === 0 ? 2 : 0,
    receiptNumber: paid ? `MTC-${createdAt.slice(0, 4)}-${String(i).padStart(5, '0')}` : null,
    updatedAt: createdAt,
    historyCount: status === 'paid' || status === 'pending' ? 0 : 1,
    ...(i % 3 === 0
      ? {batch: {id: `batch-${i % 97}`, startDate: createdAt.slice(0, 10), endDate: createdAt.slice(0, 10), city: 'Manila', venue: null, country: 'PH'}}
      : {}),
    ...(i % 50 === 1 ? {refunds: [{createdAt, amount: 10_000, status: 'processed' as const}]} : {}),
  }
}

/** Writes `count` rows into their partitions directly (what `count` indexEnrolment calls would leave). */
async function seed(count: number) {
  const partitions = new Map<string, Record<string, Omit<EnrolmentSummary, '_id'>>>()
  for (let i = 0; i < count; i++) {
    const {_id: _ignored, ...stored} = row(i, count)
    const month = partitionOf(stored.createdAt)
    const rows = partitions.get(month) ?? {}
    rows[stored.orderId] = stored
    partitions.set(month, rows)
  }
  const store = indexStore()
  for (const [month, rows] of partitions) await store.setJSON(partitionKey(month), {version: 1, rows, sums: sumsOf(Object.values(rows))})
  return partitions.size
}

const percentile = (samples: number[], p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!

async function run(count: number) {
  const server = await startServer()
  try {
    const started = performance.now()
    const partitions = await seed(count)
    console.log(`\n${count} enrolments in ${partitions} monthly partitions (seeded in ${Math.round(performance.now() - started)} ms; Node ${process.version})`)
    const session = await createSession(BOOTSTRAP_ID, {address: '127.0.0.1', userAgent: 'bench'})
    const {token} = await signAdminToken({staffId: BOOTSTRAP_ID, sessionId: session.id}, parseSessionSecret(process.env))
    const get = async (query: string) => {
      const response = await list(new Request(`http://localhost/api/admin/enrollments?${query}`, {headers: {authorization: `Bearer ${token}`}}), {} as never)
      if (response.status !== 200) throw new Error(`${query}: status ${response.status} ${await response.text()}`)
      return response
    }
    const time = async (label: string, query: string) => {
      for (let i = 0; i < 3; i++) await (await get(query)).text() // warm-up: the partitions read once
      const samples: number[] = []
      let bytes = 0
      let total = 0
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now()
        const text = await (await get(query)).text()
        samples.push(performance.now() - t0)
        bytes = Buffer.byteLength(text)
        total = (JSON.parse(text) as {total: number}).total
      }
      samples.sort((a, b) => a - b)
      console.log(
        `  ${label.padEnd(34)} p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(samples, 95).toFixed(1).padStart(6)} ms  ${(bytes / 1024).toFixed(1).padStart(5)} KB  (${total} matching)`,
      )
    }
    await time('first page (10, name asc)', 'page=1&pageSize=10')
    await time('first page (100)', 'page=1&pageSize=100')
    await time('search for a name', `page=1&pageSize=10&q=${encodeURIComponent(row(Math.floor(count / 2) + 7, count).name.toLowerCase())}`)
    await time('search for a mobile substring', 'page=1&pageSize=10&q=917%20123')
    await time('sort by amount (desc)', 'page=1&pageSize=10&sort=amount&dir=desc')
    await time('a page deep in the list', `page=${Math.floor(count / 20)}&pageSize=10&status=all`)
    await time('newest first (date desc)', 'page=1&pageSize=10&sort=createdAt&dir=desc')

    // The CSV of every enrolment: time and the process's memory peak while it streams.
    const before = process.memoryUsage()
    let peak = before.rss
    let heapPeak = before.heapUsed
    const timer = setInterval(() => {
      const now = process.memoryUsage()
      peak = Math.max(peak, now.rss)
      heapPeak = Math.max(heapPeak, now.heapUsed)
    }, 20)
    const t0 = performance.now()
    const response = await get('format=csv&status=all')
    let size = 0
    let lines = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength
      for (const byte of chunk) if (byte === 10) lines++
    }
    clearInterval(timer)
    console.log(
      `  CSV export (all rows)              ${Math.round(performance.now() - t0)} ms, ${lines - 1} rows, ${(size / MB).toFixed(1)} MB; heap +${Math.round((heapPeak - before.heapUsed) / MB)} MB at its peak; RSS peak ${Math.round(peak / MB)} MB (${Math.round(before.rss / MB)} MB before, the index cached)`,
    )

    // 50 enrolment writes into the newest month at once while the first page is read.
    const month = partitionOf(row(count - 1, count).createdAt)
    const versionBefore = ((await indexStore().get(partitionKey(month), {type: 'json'})) as {version: number}).version
    const others = await otherVersions(month)
    const records = Array.from({length: 50}, (_, n) => asRecord(row(count + n, count + 50), month))
    let reading = true
    let reads = 0
    const readLoop = (async () => {
      while (reading) {
        await (await get('page=1&pageSize=10')).text()
        reads++
      }
    })()
    const w0 = performance.now()
    await Promise.all(records.map((record) => indexEnrolment(record)))
    const writeMs = performance.now() - w0
    reading = false
    await readLoop
    const rows = await readIndexRows()
    const lost = records.filter((record) => !rows.has(record.orderId)).length
    const versionAfter = ((await indexStore().get(partitionKey(month), {type: 'json'})) as {version: number}).version
    const othersChanged = [...(await otherVersions(month))].filter(([key, version]) => others.get(key) !== version).length
    console.log(
      `  50 concurrent writes during reads  ${Math.round(writeMs)} ms, ${reads} reads meanwhile; rows lost: ${lost}; blob writes: ${versionAfter - versionBefore} to ${month} (${((versionAfter - versionBefore) / 50).toFixed(1)} per enrolment), ${othersChanged} to other partitions`,
    )

    // My training: everything under one candidate's address (three enrolments among all the rows).
    const email = records[0]!.email
    for (const record of records.slice(0, 3)) {
      const own = {...record, email}
      await openStore('enrolments').setJSON(own.orderId, own)
      await indexEnrolment(own)
    }
    for (let i = 0; i < 3; i++) await accountOverview(email) // warm-up: the partitions and the content read once
    const samples: number[] = []
    let cards = 0
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now()
      cards = (await accountOverview(email)).enrolments.length
      samples.push(performance.now() - t0)
    }
    samples.sort((a, b) => a - b)
    console.log(
      `  My training overview (one address)  p50 ${percentile(samples, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(samples, 95).toFixed(1).padStart(6)} ms  (${cards} enrolments of ${rows.size})`,
    )
  } finally {
    await server.stop()
  }
}

async function otherVersions(except: string): Promise<Map<string, number>> {
  const versions = new Map<string, number>()
  for await (const page of indexStore().list({paginate: true})) {
    for (const blob of page.blobs) {
      if (blob.key === partitionKey(except)) continue
      versions.set(blob.key, ((await indexStore().get(blob.key, {type: 'json'})) as {version: number}).version)
    }
  }
  return versions
}

/** A record whose summary is `summary`, created in `month`. */
function asRecord(summary: EnrolmentSummary, month: string): EnrolmentRecord {
  const createdAt = `${month}-15T10:00:00.000Z`
  return {
    orderId: summary.orderId,
    receipt: summary.orderId,
    status: 'paid',
    name: summary.name,
    email: summary.email,
    mobile: summary.mobile,
    trainingProgram: 'stcw',
    trainingProgramName: summary.trainingProgramName,
    course: 'bst',
    courseName: summary.courseName,
    country: '',
    countryName: '',
    amount: summary.amount,
    amountMinor: Math.round(summary.amount * 100),
    currency: summary.currency,
    attachments: [],
    paymentId: `pay_w${summary.orderId}`,
    paidAt: createdAt,
    createdAt,
    updatedAt: createdAt,
    mode: 'sandbox',
  } as EnrolmentRecord
}

if (COUNT !== 10_000) await run(10_000)
await run(COUNT)
