/**
 * The staff audit log (docs/requirements.md#req-audit-log): who did what to what, when and from
 * where, append-only and hash-chained (./chain.ts), in store `audit`. HTTP-free: bad input raises
 * ServiceError('invalid', …) (an edge answers 400).
 *
 * Storage:
 * - `head`: the chain head `{seq, hash, entry}`, the latest entry itself inside it, changed only
 *   through updateJSON (a conditional write), so two appends never take the same seq or fork.
 * - `entry/{seq, 12 digits}`: each entry, written once with `onlyIfNew`.
 * An append stores the head's entry under its key BEFORE it moves the head on (the head is
 * refused while its entry is not known to be stored), and writes its own entry after: a process
 * stopped between the head write and the entry write loses nothing, as the next append, list or
 * verify writes it from the head (repair).
 *
 * Retention: entries are never changed or deleted; they are kept at least 400 days (there is no
 * pruning). The chain is checked by `verifyAuditChain()` (`npm run audit:verify`).
 */
import {randomUUID} from 'node:crypto'
import type {Store} from '@netlify/blobs'
import {
  AUDIT_GENESIS_HASH,
  AuditEntrySchema,
  AuditInputSchema,
  AuditQuerySchema,
  type AuditEntry,
  type AuditInput,
  type AuditPage,
  type AuditQuery,
  type AuditQueryInput,
} from '#schemas/contracts/audit'
import {pageOf} from '#schemas/contracts/list-query'
import {matchesAuditQuery, sortAuditEntries} from '#schemas/rules/admin-lists'
import {csvLine, type CsvValue} from '#schemas/rules/csv'
import {openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {auditHash, canonicalJson, redactSummary, sealEntry} from './chain'

export {redactSummary} from './chain'
export {matchesAuditQuery} from '#schemas/rules/admin-lists'

/** The key of the chain head. */
export const AUDIT_HEAD_KEY = 'head'

/** The key of entry `seq`: `entry/000000000042`. */
export const auditEntryKey = (seq: number): string => `entry/${String(seq).padStart(12, '0')}`

/** The chain head: the latest entry, its seq and hash. */
export type AuditHead = {seq: number; hash: string; entry: AuditEntry}

/** How many entries are read at once (list, CSV, verify). */
const READ_BATCH = 20

/** How many times an append tries to move the head on before giving up (a crowd of appenders). */
const APPEND_ATTEMPTS = 100

/**
 * Hashes of entries this process knows are stored under their key (it wrote them, or found them
 * there). Only a shortcut: a head whose entry is not in here is stored again (onlyIfNew) before
 * the head moves on.
 */
const storedHashes = new Set<string>()
const STORED_HASHES_LIMIT = 10_000

/** Writes `entry` under its key unless a blob is there already; remembers it as stored. */
async function storeEntry(store: Store, entry: AuditEntry): Promise<void> {
  await store.setJSON(auditEntryKey(entry.seq), entry, {onlyIfNew: true})
  if (storedHashes.size >= STORED_HASHES_LIMIT) storedHashes.clear()
  storedHashes.add(entry.hash)
}

/** The head, its entry stored under its key first (the repair of an append that stopped half-way). */
async function repairedHead(store: Store): Promise<AuditHead | null> {
  const head = (await store.get(AUDIT_HEAD_KEY, {type: 'json'})) as AuditHead | null
  if (head?.entry) await storeEntry(store, head.entry)
  return head
}

/** A ServiceError('invalid') from a zod error: its first message, the field it is about, and all messages per field. */
function invalid(error: {
  issues: ReadonlyArray<{path: ReadonlyArray<string | number>; message: string}>
  flatten: () => {fieldErrors: Record<string, string[] | undefined>}
}): ServiceError {
  const first = error.issues[0]
  const field = first?.path.length ? first.path.join('.') : undefined
  const message = first ? (field && !first.message.startsWith(field) ? `${field}: ${first.message}` : first.message) : 'Invalid input'
  return new ServiceError('invalid', message, {field, details: error.flatten().fieldErrors})
}

/**
 * Records one action. `input`: `actor` ({type:'staff', id, email, name?} or {type:'system'}),
 * `client` (the client's address; default null), `action` (AuditActionSchema), `target`
 * ({type, id}; default null), `summary` (a small before/after object; redactSummary applied: no
 * secret-looking key, no long text, no file contents). `options.now`: the entry's time (default
 * now), stored as UTC ISO.
 *
 * Resolves to the stored entry (seq = the previous seq + 1, prevHash = the previous hash). Any
 * number of concurrent appends, in one process or many, each get their own seq in one unbroken
 * chain. Raises ServiceError('invalid') for bad input, ServiceError('unavailable') when the head
 * could not be moved on after many tries (a crowd of appenders), and storage errors as they are.
 */
export async function appendAudit(input: AuditInput, options: {now?: Date} = {}): Promise<AuditEntry> {
  const parsed = AuditInputSchema.safeParse(input)
  if (!parsed.success) throw invalid(parsed.error)
  const now = options.now ?? new Date()
  if (Number.isNaN(now.getTime())) throw new ServiceError('invalid', 'now must be a valid time')
  const {actor, client, action, target, summary} = parsed.data
  const fields = {
    id: randomUUID(),
    at: now.toISOString(),
    actor,
    client: client || null,
    action,
    target: target ?? null,
    summary: redactSummary(summary),
  }

  const store = openStore(STORES.audit)
  await repairedHead(store)
  for (let attempt = 0; attempt < APPEND_ATTEMPTS; attempt++) {
    const result = await updateJSON<AuditHead, AuditHead>(store, AUDIT_HEAD_KEY, (head) => {
      // The head moves on only once its entry is stored: else a stop right after this write would lose it.
      if (head && !storedHashes.has(head.hash)) return refuse(head)
      const entry = sealEntry({...fields, seq: (head?.seq ?? 0) + 1, prevHash: head?.hash ?? AUDIT_GENESIS_HASH})
      return {seq: entry.seq, hash: entry.hash, entry}
    })
    if (result.refusal) {
      await storeEntry(store, result.refusal.entry)
      continue
    }
    const entry = (result.value as AuditHead).entry
    await storeEntry(store, entry)
    return entry
  }
  throw new ServiceError('unavailable', 'The audit log is busy. Please try again.', {retryAfterSeconds: 1})
}

/**
 * Entries read by seq, for lists and the CSV: an entry never changes once stored, so one read is
 * kept (the first ENTRY_CACHE_LIMIT read; beyond, entries are read each time). The kept entries belong to the chain whose first entry has `firstHash` (read afresh each
 * time): another store or chain starts afresh.
 */
let entryCache: {firstHash: string; entries: Map<number, AuditEntry>} = {firstHash: '', entries: new Map()}
const ENTRY_CACHE_LIMIT = 50_000

/** Entry `seq` as stored, or null when it is missing or not an entry. */
async function readEntry(store: Store, seq: number): Promise<AuditEntry | null> {
  const parsed = AuditEntrySchema.safeParse(await store.get(auditEntryKey(seq), {type: 'json'}))
  return parsed.success ? parsed.data : null
}

/**
 * Reads entries by seq through the cache: `get(seq)` the entry (null when missing or not an
 * entry), `count` the head's seq (0: no log yet).
 */
type EntryReader = {count: number; get: (seq: number) => Promise<AuditEntry | null>}

async function entryReader(store: Store): Promise<EntryReader> {
  const head = await repairedHead(store)
  if (!head) return {count: 0, get: async () => null}
  const first = await readEntry(store, 1)
  if (!first || first.hash !== entryCache.firstHash) entryCache = {firstHash: first?.hash ?? '', entries: new Map()}
  const {entries: cache} = entryCache
  return {
    count: head.seq,
    get: async (seq) => {
      const entry = cache.get(seq) ?? (seq === 1 ? first : await readEntry(store, seq))
      if (entry && first && cache.size < ENTRY_CACHE_LIMIT) cache.set(seq, entry)
      return entry
    },
  }
}

/**
 * The stored entries in seq order — newest (highest seq) first for `desc`, oldest first for
 * `asc` — READ_BATCH at a time, yielded as they are read (a missing or unreadable one left out).
 */
async function* entriesBySeq(reader: EntryReader, dir: 'asc' | 'desc'): AsyncGenerator<AuditEntry> {
  for (let done = 0; done < reader.count; done += READ_BATCH) {
    const size = Math.min(READ_BATCH, reader.count - done)
    const seqs = Array.from({length: size}, (_, index) => (dir === 'asc' ? done + index + 1 : reader.count - done - index))
    const batch = await Promise.all(seqs.map((seq) => reader.get(seq)))
    for (const entry of batch) if (entry) yield entry
  }
}

/** Parses the query (ServiceError('invalid') naming the parameter). */
export function parseAuditQuery(query: AuditQueryInput | Record<string, unknown>): AuditQuery {
  const parsed = AuditQuerySchema.safeParse(query)
  if (!parsed.success) throw invalid(parsed.error)
  return parsed.data
}

/**
 * The entries matching the query, in its order, yielded as they are found: by time they stream
 * straight from the store in seq order; another order needs every match first (then sorted).
 */
async function* matchingEntries(reader: EntryReader, query: AuditQuery): AsyncGenerator<AuditEntry> {
  if (query.sort === 'at') {
    for await (const entry of entriesBySeq(reader, query.dir)) if (matchesAuditQuery(entry, query)) yield entry
    return
  }
  const matching: AuditEntry[] = []
  for await (const entry of entriesBySeq(reader, 'asc')) if (matchesAuditQuery(entry, query)) matching.push(entry)
  yield* sortAuditEntries(matching, query)
}

/**
 * One page of GET /api/admin/audit: `query` as its parameters (strings, see
 * schemas/contracts/audit.ts) → `{rows, total, page, pageSize}`, rows newest first unless sorted
 * otherwise, `pageSize` a page (default AUDIT_PAGE_SIZE; a page past the last one: no rows).
 * Raises ServiceError('invalid') naming a bad parameter.
 */
export async function queryAudit(query: AuditQueryInput | Record<string, unknown>): Promise<AuditPage> {
  const parsed = parseAuditQuery(query)
  const matching: AuditEntry[] = []
  for await (const entry of matchingEntries(await entryReader(openStore(STORES.audit)), parsed)) matching.push(entry)
  return pageOf(matching, parsed)
}

/** The CSV's columns. */
export const AUDIT_CSV_HEADER = [
  'Seq',
  'Time (UTC)',
  'Person',
  'Person e-mail',
  'Person id',
  'Action',
  'Target',
  'Client',
  'Details',
  'Entry id',
  'Hash',
] as const

/** One entry's CSV row (AUDIT_CSV_HEADER; Details the summary's canonical JSON). */
function auditCsvRow(entry: AuditEntry): CsvValue[] {
  return [
    entry.seq,
    entry.at,
    entry.actor.type === 'staff' ? (entry.actor.name ?? entry.actor.email) : 'System',
    entry.actor.type === 'staff' ? entry.actor.email : '',
    entry.actor.type === 'staff' ? entry.actor.id : '',
    entry.action,
    entry.target ? `${entry.target.type}:${entry.target.id}` : '',
    entry.client ?? '',
    Object.keys(entry.summary).length ? canonicalJson(entry.summary) : '',
    entry.id,
    entry.hash,
  ]
}

/**
 * The rows of GET /api/admin/audit?…&format=csv: EVERY entry matching the query's filters and
 * search (its `page` and `pageSize` ignored), in its order (newest first by default), one row
 * each (auditCsvRow), yielded as they are read — for netlify/platform/http.ts csvDownload, which
 * writes them as they come. The log is the one of the time of this call (the head is read now):
 * an entry recorded later — the export's own — is not in it. Raises ServiceError('invalid')
 * naming a bad parameter before any row.
 */
export async function auditCsvRows(query: AuditQueryInput | Record<string, unknown>): Promise<AsyncIterable<CsvValue[]>> {
  const parsed = parseAuditQuery(query)
  const reader = await entryReader(openStore(STORES.audit))
  return (async function* () {
    for await (const entry of matchingEntries(reader, parsed)) yield auditCsvRow(entry)
  })()
}

/** The whole CSV of auditCsvRows in one string (header first, formula-safe, CRLF: schemas/rules/csv.ts), for scripts and tests. */
export async function auditCsv(query: AuditQueryInput | Record<string, unknown>): Promise<string> {
  let text = csvLine(AUDIT_CSV_HEADER)
  for await (const row of await auditCsvRows(query)) text += csvLine(row)
  return text
}

/** What verifyAuditChain found: `count` is the number of entries in the chain (the head's seq). */
export type AuditVerification = {ok: true; count: number} | {ok: false; count: number; firstBad: {seq: number; id: string; reason: string}}

/** The id of a stored entry as far as it can be read. */
const idOf = (raw: unknown): string =>
  raw && typeof raw === 'object' && typeof (raw as {id?: unknown}).id === 'string' ? (raw as {id: string}).id : 'unknown id'

/** Why the stored `raw` is not entry `seq` following `prevHash`, or null when it is. */
function entryProblem(raw: unknown, seq: number, prevHash: string): string | null {
  if (raw === null || raw === undefined) return 'the entry is missing'
  const parsed = AuditEntrySchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return `the entry is malformed (${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'})`
  }
  if (parsed.data.seq !== seq) return `its seq is ${parsed.data.seq} where ${seq} was expected`
  if (auditHash(raw as Record<string, unknown>) !== parsed.data.hash) return 'its hash does not match its content (the entry was changed)'
  if (parsed.data.prevHash !== prevHash) return seq === 1 ? 'its prevHash is not the genesis hash' : `its prevHash does not match the hash of entry #${seq - 1}`
  return null
}

/**
 * Checks the whole chain: every entry 1..head.seq present, well-formed, at its seq, its hash
 * recomputed from its stored content (canonical JSON, ./chain.ts) and its prevHash equal to the
 * hash before it; the head equal to the last entry; nothing stored after the head. Repairs first
 * (the head's entry written under its key when missing). Resolves to `{ok: true, count}` or
 * `{ok: false, count, firstBad: {seq, id, reason}}` naming the first entry that breaks the chain.
 */
export async function verifyAuditChain(): Promise<AuditVerification> {
  const store = openStore(STORES.audit)
  const head = await repairedHead(store)
  if (!head) {
    const first = await store.get(auditEntryKey(1), {type: 'json'})
    return first ? {ok: false, count: 0, firstBad: {seq: 1, id: idOf(first), reason: 'the chain head is missing'}} : {ok: true, count: 0}
  }
  const count = head.seq
  let prevHash = AUDIT_GENESIS_HASH
  let last: unknown = null
  for (let start = 1; start <= count; start += READ_BATCH) {
    const seqs = Array.from({length: Math.min(READ_BATCH, count - start + 1)}, (_, index) => start + index)
    const batch = await Promise.all(seqs.map((seq) => store.get(auditEntryKey(seq), {type: 'json'}) as Promise<unknown>))
    for (const [index, raw] of batch.entries()) {
      const seq = seqs[index] as number
      const reason = entryProblem(raw, seq, prevHash)
      if (reason) return {ok: false, count, firstBad: {seq, id: idOf(raw), reason}}
      prevHash = (raw as AuditEntry).hash
      last = raw
    }
  }
  if (head.hash !== prevHash || canonicalJson(head.entry) !== canonicalJson(last)) {
    return {ok: false, count, firstBad: {seq: count, id: idOf(last), reason: 'the chain head does not match this entry'}}
  }
  const beyond = await store.get(auditEntryKey(count + 1), {type: 'json'})
  if (beyond) return {ok: false, count, firstBad: {seq: count + 1, id: idOf(beyond), reason: 'the entry is after the chain head'}}
  return {ok: true, count}
}

/** The line `npm run audit:verify` prints for a verification. */
export function auditVerificationText(result: AuditVerification): string {
  return result.ok
    ? `Audit chain OK: ${result.count} ${result.count === 1 ? 'entry' : 'entries'}`
    : `Audit chain broken at entry #${result.firstBad.seq} (${result.firstBad.id}): ${result.firstBad.reason}`
}
