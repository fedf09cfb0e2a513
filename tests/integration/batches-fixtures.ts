/**
 * Shared set-up of the seats tests (tests/integration/seats-*.test.ts): a copy of the
 * seed dataset with test `courseBatch` documents added (the content contract of the batches —
 * whatever the real seed schedules, these ids are the tests' own), a fresh Blobs server per file,
 * the sandbox payment environment per test, and a fixed clock.
 *
 * The clock: only `Date` is faked (vi.useFakeTimers toFake ['Date']) at NOW, so the functions'
 * `new Date()` is NOW while timers stay real (the Blobs client and server need them); a test moves
 * it with `vi.setSystemTime`.
 */
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, beforeEach, vi} from 'vitest'
import {useBlobs} from '../helpers/blobs'
import {stubSandboxEnv, validForm} from './payments-fixtures'

/** The tests' "now": 1 December 2026, 12:00 in Dubai. */
export const NOW = new Date('2026-12-01T08:00:00.000Z')

/** Seconds after NOW. */
export const after = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)

type TestBatch = {_id: string; course: string; startDate: string; endDate?: string; seats?: number; status?: string; city?: string; venue?: string}

/** The test batches: PSF (pre-sea-training) unless said otherwise. */
export const BATCHES = {
  open: {_id: 'test-batch-psf-open', course: 'course-pre-sea-training-psf', startDate: '2027-01-12', seats: 12, venue: 'Training Centre, Andheri East'},
  race: {_id: 'test-batch-psf-race', course: 'course-pre-sea-training-psf', startDate: '2027-02-02', seats: 12},
  expiry: {_id: 'test-batch-psf-expiry', course: 'course-pre-sea-training-psf', startDate: '2027-02-09', seats: 3},
  one: {_id: 'test-batch-psf-one', course: 'course-pre-sea-training-psf', startDate: '2027-02-16', seats: 1},
  two: {_id: 'test-batch-psf-two', course: 'course-pre-sea-training-psf', startDate: '2027-02-23', seats: 2},
  release: {_id: 'test-batch-psf-release', course: 'course-pre-sea-training-psf', startDate: '2027-03-02', seats: 5},
  defaultSeats: {_id: 'test-batch-psf-default', course: 'course-pre-sea-training-psf', startDate: '2027-03-09'},
  closed: {_id: 'test-batch-psf-closed', course: 'course-pre-sea-training-psf', startDate: '2027-01-19', status: 'closed'},
  cancelled: {_id: 'test-batch-psf-cancelled', course: 'course-pre-sea-training-psf', startDate: '2027-01-26', status: 'cancelled'},
  /** Starts "today" in Dubai (1 December 2026): no longer bookable. */
  today: {_id: 'test-batch-psf-today', course: 'course-pre-sea-training-psf', startDate: '2026-12-01'},
  past: {_id: 'test-batch-psf-past', course: 'course-pre-sea-training-psf', startDate: '2026-11-20'},
  otherCourse: {_id: 'test-batch-btlgtco', course: 'course-pre-sea-training-btlgtco', startDate: '2027-01-12'},
  waitlist: {_id: 'test-batch-psf-waitlist', course: 'course-pre-sea-training-psf', startDate: '2027-03-16', seats: 1},
} satisfies Record<string, TestBatch>

/** A courseBatch document of the content contract. */
export function batchDocument(batch: TestBatch) {
  return {
    _id: batch._id,
    _type: 'courseBatch',
    course: {_type: 'reference', _ref: batch.course},
    startDate: batch.startDate,
    endDate: batch.endDate ?? batch.startDate,
    location: {_type: 'reference', _ref: 'location-in'},
    city: batch.city ?? 'Mumbai',
    ...(batch.venue ? {venue: batch.venue} : {}),
    ...(batch.seats ? {seats: batch.seats} : {}),
    status: batch.status ?? 'open',
  }
}

/** Points SEED_FILE at a copy of the seed with `batches` added. Call before the first content fetch. */
export function useBatchesSeed(batches: readonly TestBatch[] = Object.values(BATCHES)): string {
  const source = readFileSync(join(process.cwd(), 'studio/seed/production.ndjson'), 'utf8').trimEnd()
  const file = join(mkdtempSync(join(tmpdir(), 'seed-batches-')), 'production.ndjson')
  writeFileSync(file, [source, ...batches.map((b) => JSON.stringify(batchDocument(b)))].join('\n') + '\n')
  process.env.SEED_FILE = file
  return file
}

/** The form of a PSF order (50 USD) for `batchId`. */
export const batchForm = (batchId: string | undefined, overrides: Record<string, unknown> = {}) => validForm({...(batchId ? {batchId} : {}), ...overrides})

/** Registers the seats tests' environment (see the module comment), with `batches` in the seed (default: BATCHES). */
export function useSeatsTestEnvironment(batches?: readonly TestBatch[]): void {
  beforeAll(() => {
    useBatchesSeed(batches)
  })
  useBlobs()
  afterAll(() => {
    delete process.env.SEED_FILE
  })
  beforeEach(() => {
    stubSandboxEnv()
    vi.useFakeTimers({toFake: ['Date'], now: NOW})
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })
}
