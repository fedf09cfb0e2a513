/**
 * Netlify Blobs stores of the site, always opened with strong consistency. On Netlify the
 * runtime provides the context; locally web/server.ts (and the tests) start Netlify's own
 * BlobsServer emulation and set NETLIFY_BLOBS_CONTEXT.
 *
 * `updateJSON` is the one read-modify-write of the project: a conditional write
 * (`onlyIfMatch` on the ETag read, `onlyIfNew` when absent) retried until it lands, so two
 * requests touching one record never lose each other's change. Within one process, updates
 * of one key also run one after another: Netlify's local Blobs emulation (BlobsServer) checks
 * If-Match / If-None-Match before an await and derives ETags from a millisecond mtime, so
 * there two concurrent conditional writes can both succeed. Across function instances on
 * Netlify the conditional write is what protects the record.
 *
 * `listKeys` is the one listing of the project: it keeps only keys of our shapes,
 * never the Blobs emulation's temporary files.
 */
import {mkdirSync} from 'node:fs'
import {join} from 'node:path'
import {getStore, listStores, type Store} from '@netlify/blobs'

export const STORES = {
  enrolments: 'enrolments',
  uploads: 'uploads',
  webhookEvents: 'webhook-events',
  /** The Razorpay webhook's event log for staff, one JSON entry per delivery (netlify/services/payments/webhook-log.ts). */
  webhookLog: 'webhook-log',
  /** The sandbox gateway's captured payments per order (netlify/services/payments/sandbox.ts), for reconciliation. */
  sandboxPayments: 'sandbox-payments',
  contactMessages: 'contact-messages',
  rateLimits: 'rate-limits',
  /** Receipt number counters, one JSON blob per year (netlify/services/receipts/receipt-number.ts). */
  receiptNumbers: 'receipt-numbers',
  /** Outgoing e-mail and its attachments (netlify/services/mail/outbox.ts). */
  outbox: 'outbox',
  /**
   * Seats of course batches (netlify/services/seats/seats.ts): one JSON SeatsRecord per
   * batch id (schemas/rules/seats.ts), its holds and bookings, changed only through updateJSON.
   */
  seats: 'seats',
  /** Waitlists of course batches (netlify/services/waitlist/waitlist.ts): one JSON record per batch id. */
  waitlist: 'waitlist',
  /** The sandbox gateway's payment links (netlify/services/installments/installments.ts): one JSON record per `plink_sandbox_…` id. */
  sandboxPaymentLinks: 'sandbox-payment-links',
  /**
   * Item statistics of the practice exams (netlify/services/exams/statistics.ts): per exam, a
   * few shards `{examId}/{0…7}` of ExamStatisticsShard (schemas/rules/item-statistics.ts), changed only through updateJSON.
   */
  examStatistics: 'exam-statistics',
  /**
   * The embedded default's key for signing exam draws when EXAM_DRAW_SECRET is unset
   * (netlify/services/exams/attempts/keys.ts): one JSON blob `local-secret`, written once. Never used in production.
   */
  examDraw: 'exam-draw',
  /**
   * Course certificates (netlify/services/certificates/register.ts): `cert/{number}` one JSON
   * CertificateRecord per certificate, `order/{orderId}` the enrolment's index (its certificates,
   * the valid one, an issue in progress), `counter/year-YYYY` the number counter of a year; all
   * changed only through updateJSON.
   */
  certificates: 'certificates',
  /**
   * The staff audit log (netlify/services/audit/audit.ts), append-only and hash-chained:
   * `head` the chain head `{seq, hash, entry}` (the latest entry itself), changed only through
   * updateJSON; `entry/{seq, 12 digits}` one JSON AuditEntry each (schemas/contracts/audit.ts),
   * written once (`onlyIfNew`), never changed or deleted.
   */
  audit: 'audit',
  /**
   * The erasure ledger of privacy requests (netlify/services/privacy/erasure.ts): `entry/{ISO
   * time}_{random}` one JSON ErasureLedgerEntry per erasure (the SHA-256 of the address, never the
   * address), written once (`onlyIfNew`); re-applied after a restore of an older backup.
   */
  privacyErasures: 'privacy-erasures',
  /**
   * My training's sign-in links and sessions (netlify/services/account/sessions.ts):
   * `link/{SHA-256 of the token}` one JSON SignInLink each, used once through a conditional write;
   * `session/{SHA-256 of the address}/{id}` one JSON AccountSession each.
   */
  accountSessions: 'account-sessions',
  /**
   * Practice exam attempts submitted while signed in to My training
   * (netlify/services/account/exam-attempts.ts): `{SHA-256 of the address}/{attempt id}` one JSON
   * StoredExamAttempt each, written once (a conditional write).
   */
  accountExamAttempts: 'account-exam-attempts',
  /**
   * "Ask us to erase my data" requests from My training (netlify/services/account/privacy.ts):
   * `request/{SHA-256 of the address}` one JSON StoredErasureRequest each, until staff erase the
   * person's data.
   */
  erasureRequests: 'erasure-requests',
  /**
   * Group bookings of companies (netlify/services/group-bookings/): `{bookingId}` one JSON
   * GroupBooking each, changed only through updateJSON.
   */
  groupBookings: 'group-bookings',
  /**
   * The pro-forma series (netlify/services/group-bookings/proforma-number.ts): `year-YYYY` one
   * counter per year with each booking's number, changed only through updateJSON.
   */
  proformaNumbers: 'proforma-numbers',
} as const

export type StoreName = (typeof STORES)[keyof typeof STORES]

/** Opens a store by name: Netlify Blobs (strong consistency), or the store factory tests install. */
export function openStore(name: StoreName | string): Store {
  return storeFactory ? storeFactory(name) : getStore({name, consistency: 'strong'})
}

/** Makes the store of a name: tests install one (an in-memory store) so services run without HTTP or disk. */
export type StoreFactory = (name: string) => Store

/** Names the stores a StoreFactory holds (those opened so far). */
export type StoreLister = () => Promise<string[]>

let storeFactory: StoreFactory | null = null
let storeLister: StoreLister | null = null

/**
 * Tests only: every openStore() from now on asks `factory` (null: Netlify Blobs again), and
 * listStoreNames() asks `lister`. The factory must answer the same store for the same name.
 */
export function useStoreFactory(factory: StoreFactory | null, lister: StoreLister | null = null): void {
  storeFactory = factory
  storeLister = factory ? lister : null
}

/**
 * The names of the site's stores as Netlify Blobs lists them (every page), sorted: what the
 * backup reads, so that a store added later is never forgotten. With a test's factory, its lister
 * (no lister: no stores).
 */
export async function listStoreNames(): Promise<string[]> {
  if (storeFactory) return storeLister ? (await storeLister()).sort() : []
  const names: string[] = []
  for await (const page of listStores({paginate: true})) names.push(...page.stores)
  return [...new Set(names)].sort()
}

export class ConflictError extends Error {
  constructor(key: string) {
    super(`Could not update "${key}": too many concurrent writes`)
  }
}

/**
 * Why `change` leaves a blob as it is and the caller must refuse: `change` returns
 * `refuse(reason)`, and updateJSON hands the reason back (`refusal`) without writing.
 */
export class Refusal<R> {
  constructor(readonly reason: R) {}
}

/** A refusal from an updateJSON change: nothing is written and `reason` comes back as `refusal`. */
export const refuse = <R>(reason: R): Refusal<R> => new Refusal(reason)

/** What updateJSON resolves to: the value stored (or the unchanged current value), and the refusal if `change` refused. */
export type UpdateResult<T, R> = {value: T | null; changed: boolean; refusal?: R}

/**
 * Atomically updates the JSON blob at `key`: `change` receives the current value (or null)
 * and returns the new value, `undefined` to leave the blob as it is, or `refuse(reason)` to leave
 * it and hand `reason` back as the result's `refusal` (the refusal of the attempt that read the
 * value last). The blob's metadata is kept as it was (a contact message's `{receivedAt, subject}`).
 * Retries on a concurrent write (up to `attempts` times) and throws ConflictError after that.
 * Resolves to the value stored (or the unchanged current value).
 */
export function updateJSON<T, R = never>(
  store: Store,
  key: string,
  change: (current: T | null) => T | undefined | Refusal<R>,
  attempts = 20,
): Promise<UpdateResult<T, R>> {
  return oneAtATime(key, () => conditionalUpdate(store, key, change, attempts))
}

/** Updates in flight in this process, per key: each waits for the one before it. */
const queues = new Map<string, Promise<unknown>>()

function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(task, task)
  const tail = run.catch(() => undefined)
  queues.set(key, tail)
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key)
  })
  return run
}

async function conditionalUpdate<T, R>(
  store: Store,
  key: string,
  change: (current: T | null) => T | undefined | Refusal<R>,
  attempts: number,
): Promise<UpdateResult<T, R>> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const current = await store.getWithMetadata(key, {type: 'json'})
    const value = (current?.data as T | undefined) ?? null
    const next = change(value)
    if (next instanceof Refusal) return {value, changed: false, refusal: next.reason}
    if (next === undefined) return {value, changed: false}
    const result = current
      ? await store.setJSON(key, next, {onlyIfMatch: current.etag, metadata: current.metadata})
      : await store.setJSON(key, next, {onlyIfNew: true})
    if (result.modified) return {value: next, changed: true}
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)))
  }
  throw new ConflictError(key)
}

/**
 * The keys of `store` (under `prefix`, if given) for which `isOurs` holds, in listing order;
 * every page of the listing (`paginate`), so any number of keys. Every Blobs listing of the
 * project goes through this: Netlify's local Blobs emulation writes a
 * blob to a temporary file `.<random>` beside it and then renames it, so a process killed
 * mid-write leaves that file behind and listings return it as a key (a partial copy, not JSON
 * we wrote). Pass a predicate built from the id patterns of schemas/contracts/ids.ts; a key that is
 * not ours is neither returned nor read.
 *
 * The emulation's listing can also come back SHORT while another request writes to the same
 * store (it stops at a temporary file renamed away under it, and answers 200): never take a
 * key's absence from a listing as proof that the blob is gone — read the key.
 */
export async function listKeys(store: Store, isOurs: (key: string) => boolean, options: {prefix?: string} = {}): Promise<string[]> {
  const keys: string[] = []
  for await (const page of store.list({paginate: true, ...(options.prefix ? {prefix: options.prefix} : {})})) {
    for (const blob of page.blobs) if (isOurs(blob.key)) keys.push(blob.key)
  }
  return keys
}

/** How many records a JsonRecordCache reads at once. */
const CACHE_READ_BATCH = 50

/**
 * The JSON records of one store (keys for which `isOurs` holds, under `prefix`), each kept as
 * `project(value, key)` together with the ETag it was read at: `readAll()` lists the store (keys
 * and ETags, every page) and reads only the records whose ETag this instance has not seen (any
 * write changes the ETag), CACHE_READ_BATCH at a time; a key no longer listed is dropped. So a
 * list of 10,000 records costs one listing plus the records changed since the last call on this
 * instance, never stale data. A record that is gone when read, or that `project` refuses (null),
 * is left out. Holds every record's projection in memory: project to what the list needs.
 *
 * The listing of Netlify's local emulation can come back short while another request writes to
 * the store (see listKeys): a record missed that way is only left out of that one answer.
 */
export class JsonRecordCache<T> {
  private readonly known = new Map<string, {etag: string; value: T | null}>()

  constructor(
    private readonly storeName: StoreName,
    private readonly isOurs: (key: string) => boolean,
    private readonly project: (value: unknown, key: string) => T | null,
    private readonly options: {prefix?: string} = {},
  ) {}

  /** Every record as it is now, `{key, value}` in listing (key) order. Throws when storage fails. */
  async readAll(): Promise<Array<{key: string; value: T}>> {
    const store = openStore(this.storeName)
    const listed: Array<{key: string; etag: string}> = []
    for await (const page of store.list({paginate: true, ...(this.options.prefix ? {prefix: this.options.prefix} : {})})) {
      for (const blob of page.blobs) if (this.isOurs(blob.key)) listed.push({key: blob.key, etag: blob.etag})
    }
    const keys = new Set(listed.map((blob) => blob.key))
    for (const key of this.known.keys()) if (!keys.has(key)) this.known.delete(key)
    const stale = listed.filter((blob) => this.known.get(blob.key)?.etag !== blob.etag)
    for (let start = 0; start < stale.length; start += CACHE_READ_BATCH) {
      await Promise.all(
        stale.slice(start, start + CACHE_READ_BATCH).map(async ({key, etag}) => {
          const found = await store.getWithMetadata(key, {type: 'json'})
          if (!found) this.known.delete(key)
          // Kept under the LISTED etag: a listing and a read may spell one version's etag
          // differently (the emulation derives it from the file's path as each sees it).
          else this.known.set(key, {etag, value: this.project(found.data, key)})
        }),
      )
    }
    const records: Array<{key: string; value: T}> = []
    for (const {key} of listed) {
      const value = this.known.get(key)?.value
      if (value !== undefined && value !== null) records.push({key, value})
    }
    return records
  }
}

/**
 * Prepares a directory for Netlify's local Blobs emulation (BlobsServer) of site `siteID`: its
 * listing of stores answers 500 with an empty body (which the client cannot parse) until the
 * site's folder exists, so a brand-new site could not be backed up or restored into. Call it
 * wherever a BlobsServer starts.
 */
export function prepareLocalBlobs(directory: string, siteID: string): void {
  mkdirSync(join(directory, 'entries', siteID), {recursive: true})
}
