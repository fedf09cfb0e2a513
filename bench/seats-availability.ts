/**
 * Benchmark of seat availability (not a test): 200 batches in a temporary copy of the
 * seed dataset, each with a seats record (bookings and live holds), and 10,000 enrolment records
 * in the enrolments store of a temporary BlobsServer; then times GET /api/batches/availability
 * for all 200 ids (the function itself: query parsing, one content query, one listing of the
 * seats store and the seats records changed since the last call — 10 per run here — read in
 * parallel, the counts, JSON; netlify/services/seats/seats.ts readSeats). Target: p95 under 100 ms.
 * Availability never reads the enrolments; they are stored to show that their number does not
 * matter.
 *   npm run bench:seats [-- ENROLMENTS RUNS]
 */
import {spawn} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import type {SeatsRecord} from '#schemas/rules/seats'

const ENROLMENTS = Number(process.argv[2] ?? 10_000)
const RUNS = Number(process.argv[3] ?? 100)
const BATCHES = 200
/** Seats records changed between two timed calls. */
const CHANGED_PER_RUN = 10

const directory = mkdtempSync(join(tmpdir(), 'bench-blobs-'))
const token = randomBytes(16).toString('hex')
// The Blobs emulation runs in a child process: on Netlify the store is a separate service, so its
// file reads must not be counted as the function's own work (in one process they would share
// the function's event loop).
const server = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import {BlobsServer} from '@netlify/blobs/server'
     const server = new BlobsServer({directory: process.argv[1], token: process.argv[2]})
     const {port} = await server.start()
     console.log(port)`,
    directory,
    token,
  ],
  {stdio: ['ignore', 'pipe', 'inherit']},
)
const port = await new Promise<string>((resolve) => createInterface({input: server.stdout!}).once('line', resolve))
const url = `http://localhost:${port}`
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({edgeURL: url, uncachedEdgeURL: url, siteID: 'bench', token})).toString('base64')

// The seed with 200 batches of PSF, one a week from January 2027.
const seed = readFileSync(join(process.cwd(), 'studio/seed/production.ndjson'), 'utf8').trimEnd()
const ids = Array.from({length: BATCHES}, (_, i) => `bench-batch-${String(i).padStart(3, '0')}`)
const day = (offset: number) => new Date(Date.UTC(2027, 0, 4) + offset * 86_400_000).toISOString().slice(0, 10)
const batchLines = ids.map((id, i) =>
  JSON.stringify({
    _id: id,
    _type: 'courseBatch',
    course: {_type: 'reference', _ref: 'course-pre-sea-training-psf'},
    startDate: day(i * 7),
    endDate: day(i * 7 + 1),
    location: {_type: 'reference', _ref: 'location-in'},
    city: 'Mumbai',
    seats: 12,
    status: 'open',
  }),
)
const seedFile = join(directory, 'production.ndjson')
writeFileSync(seedFile, [seed, ...batchLines].join('\n') + '\n')
process.env.SEED_FILE = seedFile
// As `npm start` serves: the production build's content client (the seed parsed once, results memoised).
process.env.NODE_ENV = 'production'

const {openStore, STORES} = await import('#netlify/platform/blobs')
const {default: availability} = await import('#netlify/functions/batches-availability')

// 10,000 enrolments (pending and paid, some with a batch), written in chunks.
const enrolments = openStore(STORES.enrolments)
const created = new Date('2026-12-01T08:00:00Z').toISOString()
for (let start = 0; start < ENROLMENTS; start += 250) {
  await Promise.all(
    Array.from({length: Math.min(250, ENROLMENTS - start)}, (_, k) => {
      const i = start + k
      const orderId = `order_bench${i.toString(36).padStart(8, '0')}`
      return enrolments.setJSON(orderId, {
        orderId,
        receipt: `enr_bench${i}`,
        status: i % 3 ? 'paid' : 'pending',
        name: `Cadet Number ${i}`,
        email: `cadet${i}@example.com`,
        mobile: '+63 917 123 4567',
        trainingProgram: 'pre-sea-training',
        trainingProgramName: 'Pre-Sea Training',
        course: 'PSF',
        courseName: 'Passenger Ship Familiarization',
        country: '',
        countryName: '',
        amount: 50,
        amountMinor: 5000,
        currency: 'USD',
        attachments: [],
        createdAt: created,
        updatedAt: created,
        mode: 'sandbox',
        batch: {id: ids[i % BATCHES], startDate: '2027-01-04', endDate: '2027-01-05', city: 'Mumbai', venue: null, country: 'India'},
      })
    }),
  )
}

// A seats record per batch: some bookings and live holds.
const seats = openStore(STORES.seats)
const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString()
await Promise.all(
  ids.map((id, i) => {
    const record: SeatsRecord = {
      batchId: id,
      bookings: Array.from({length: i % 9}, (_, k) => ({orderId: `order_bench${id.slice(-3)}b${k}`, at: created})),
      holds: Array.from({length: i % 4}, (_, k) => ({orderId: `order_bench${id.slice(-3)}h${k}`, expiresAt})),
    }
    return seats.setJSON(id, record)
  }),
)

const request = () => new Request(`http://localhost/api/batches/availability?ids=${ids.join(',')}`)

try {
  console.log(`${BATCHES} batches, ${ENROLMENTS} enrolments stored, ${CHANGED_PER_RUN} seats records changed before each call (Node ${process.version})`)
  for (let i = 0; i < 5; i++) await (await availability(request(), {} as never)).text() // warm-up
  const samples: number[] = []
  let size = 0
  for (let i = 0; i < RUNS; i++) {
    // Between two calls, CHANGED_PER_RUN batches gain a hold (not timed), as on a busy day: the
    // function reads those records again (their etags changed) and the others from its memory.
    await Promise.all(
      Array.from({length: CHANGED_PER_RUN}, (_, k) => {
        const id = ids[(i * CHANGED_PER_RUN + k) % BATCHES]!
        return seats.setJSON(id, {batchId: id, bookings: [], holds: [{orderId: `order_benchrun${i}k${k}`, expiresAt}]} satisfies SeatsRecord)
      }),
    )
    const t0 = performance.now()
    const response = await availability(request(), {} as never)
    if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`)
    const body = (await response.json()) as {availability: Record<string, unknown>}
    samples.push(performance.now() - t0)
    size = Object.keys(body.availability).length
  }
  samples.sort((a, b) => a - b)
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!
  const p95 = pct(95)
  console.log(
    `GET /api/batches/availability (200 ids, function, body read): ${RUNS} runs, p50 ${pct(50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms (${size} batches answered)`,
  )
  console.log(p95 < 100 ? 'target met: p95 < 100 ms' : 'TARGET MISSED: p95 ≥ 100 ms')
  if (size !== BATCHES) throw new Error(`expected ${BATCHES} batches, got ${size}`)
} finally {
  server.kill()
  rmSync(directory, {recursive: true, force: true})
}
