/**
 * The hash chain of the staff audit log (docs/requirements.md#req-audit-log) and what an entry's
 * summary may hold. Pure functions: no storage.
 *
 * - `canonicalJson(value)`: JSON with every object's keys sorted (recursively, by UTF-16 code
 *   units) and no whitespace; what JSON.stringify would drop (undefined, functions) is dropped.
 * - `auditHash(entryWithoutHash)`: SHA-256 hex of the entry's `prevHash` followed by the canonical
 *   JSON of the entry without `hash` (which holds `prevHash` too). The first entry's `prevHash` is
 *   64 zeros (AUDIT_GENESIS_HASH), each next one's the hash of the entry before it, so changing,
 *   removing or reordering any entry breaks every hash after it.
 * - `redactSummary(summary)`: what an entry may keep of the caller's before/after summary (see its
 *   docstring): never a secret-looking key, never a long text or file contents.
 */
import {createHash} from 'node:crypto'
import type {AuditEntry, AuditSummary} from '#schemas/contracts/audit'

/** The JSON text of `value` with object keys sorted recursively and no whitespace. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null'
}

function sortKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  const json = (value as {toJSON?: unknown}).toJSON
  if (typeof json === 'function') return sortKeys(json.call(value))
  if (Array.isArray(value)) return value.map(sortKeys)
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key])
  return sorted
}

/** An entry without its own hash: what the hash is computed over. */
export type UnsealedEntry = Omit<AuditEntry, 'hash'>

/** SHA-256 hex over `entry.prevHash` + canonicalJson(entry without `hash`); any `hash` key of `entry` is left out. */
export function auditHash(entry: UnsealedEntry | Record<string, unknown>): string {
  const {hash: _hash, ...body} = entry as Record<string, unknown>
  const prevHash = typeof body.prevHash === 'string' ? body.prevHash : ''
  return createHash('sha256')
    .update(prevHash + canonicalJson(body))
    .digest('hex')
}

/** The entry with its hash. */
export function sealEntry(entry: UnsealedEntry): AuditEntry {
  return {...entry, hash: auditHash(entry)}
}

/** Key names that may hold a secret (matched anywhere in the name, any case). */
export const SECRET_KEY_PATTERN = /password|hash|secret|token|code|recovery|seed|key|challenge|credential/i

/** The longest text a summary keeps; longer text is cut to this length, its last character '…'. */
export const SUMMARY_TEXT_LIMIT = 200

/** The most items of one list, and keys of one object, a summary keeps. */
export const SUMMARY_LIST_LIMIT = 50

/** How deep a summary nests; anything deeper is replaced by '…'. */
export const SUMMARY_DEPTH_LIMIT = 5

const truncate = (text: string) => (text.length > SUMMARY_TEXT_LIMIT ? `${text.slice(0, SUMMARY_TEXT_LIMIT - 1)}…` : text)

/**
 * What an audit entry keeps of a caller's summary: a plain JSON object where
 * - every key whose name looks secret (SECRET_KEY_PATTERN: password, hash, secret, token, code,
 *   recovery, seed, key, challenge, credential — any case, anywhere in the name, at any depth) is
 *   dropped with its value;
 * - text longer than SUMMARY_TEXT_LIMIT (200) characters is cut; lists and objects keep their
 *   first SUMMARY_LIST_LIMIT (50) items and keys; nesting deeper than SUMMARY_DEPTH_LIMIT becomes '…';
 * - bytes (a file's contents: ArrayBuffer, typed arrays, Blob) become '[binary omitted]';
 *   dates their ISO time; non-finite numbers null; undefined, functions and symbols are dropped.
 * A summary holds what changed (before/after of a status, a role, a count), never a value whose
 * key could not say what it is.
 */
export function redactSummary(summary: Readonly<Record<string, unknown>> | null | undefined): AuditSummary {
  return summary ? redactObject(summary, 1) : {}
}

function redactObject(object: object, depth: number): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(object)) {
    if (Object.keys(kept).length >= SUMMARY_LIST_LIMIT) break
    if (SECRET_KEY_PATTERN.test(key)) continue
    const redacted = redactValue(value, depth)
    if (redacted !== undefined) kept[truncate(key)] = redacted
  }
  return kept
}

function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value
  if (typeof value === 'string') return truncate(value)
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'bigint') return truncate(value.toString())
  if (typeof value !== 'object') return undefined
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value) || (typeof Blob !== 'undefined' && value instanceof Blob)) return '[binary omitted]'
  if (depth >= SUMMARY_DEPTH_LIMIT) return '…'
  if (Array.isArray(value)) return value.slice(0, SUMMARY_LIST_LIMIT).map((item) => redactValue(item, depth + 1) ?? null)
  return redactObject(value, depth + 1)
}
