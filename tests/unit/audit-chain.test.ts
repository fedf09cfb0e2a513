/**
 * The pure rules of the audit log (netlify/services/audit/chain.ts,
 * docs/requirements.md#req-audit-log): canonical JSON (keys sorted at every depth, no
 * whitespace), the entry hash over prevHash + canonical JSON without `hash`, and redactSummary
 * (no secret-looking key at any depth, long text cut, file contents omitted).
 */
import {createHash} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import {auditHash, canonicalJson, redactSummary, sealEntry, SUMMARY_TEXT_LIMIT, type UnsealedEntry} from '#netlify/services/audit/chain'
import {AuditQuerySchema} from '#schemas/contracts/audit'

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps list order, writes no whitespace', () => {
    expect(canonicalJson({b: 1, a: {d: [3, {z: 1, y: 2}], c: 'x y'}})).toBe('{"a":{"c":"x y","d":[3,{"y":2,"z":1}]},"b":1}')
    expect(canonicalJson({a: undefined, b: null})).toBe('{"b":null}')
  })
})

describe('auditHash', () => {
  const entry: UnsealedEntry = {
    id: 'e1',
    seq: 1,
    at: '2026-11-24T09:00:00.000Z',
    actor: {type: 'system'},
    client: null,
    action: 'refund-outcome',
    target: null,
    summary: {},
    prevHash: '0'.repeat(64),
  }
  it('is SHA-256 hex of prevHash followed by the canonical JSON of the entry without hash', () => {
    const expected = createHash('sha256')
      .update('0'.repeat(64) + canonicalJson(entry))
      .digest('hex')
    expect(auditHash(entry)).toBe(expected)
    expect(sealEntry(entry).hash).toBe(expected)
    expect(auditHash({...sealEntry(entry)})).toBe(expected)
    expect(auditHash({...entry, client: '203.0.113.7'})).not.toBe(expected)
    expect(auditHash({...entry, prevHash: 'f'.repeat(64)})).not.toBe(expected)
  })
})

describe('redactSummary', () => {
  it('drops every key whose name looks secret, in any case, at any depth', () => {
    const secret = 'hunter2-planted'
    const summary = redactSummary({
      password: secret,
      PASSWORD_HASH: secret,
      clientSecret: secret,
      accessToken: secret,
      otpCode: secret,
      recoveryCodes: [secret],
      totpSeed: secret,
      apiKey: secret,
      webauthnChallenge: secret,
      Credentials: {id: secret},
      before: {role: 'finance', resetToken: secret, list: [{sessionKey: secret, kept: 1}]},
      after: {role: 'owner'},
    })
    expect(summary).toEqual({before: {role: 'finance', list: [{kept: 1}]}, after: {role: 'owner'}})
    expect(JSON.stringify(summary)).not.toContain(secret)
  })

  it('cuts long text, keeps short lists, omits bytes, writes dates as ISO times', () => {
    const summary = redactSummary({
      note: 'x'.repeat(500),
      file: new Uint8Array([1, 2, 3]),
      buffer: new ArrayBuffer(8),
      when: new Date('2026-11-24T09:00:00Z'),
      many: Array.from({length: 80}, (_, index) => index),
      deep: {a: {b: {c: {d: {e: 'too deep'}}}}},
      skip: undefined,
      count: Number.NaN,
    })
    expect(summary.note).toHaveLength(SUMMARY_TEXT_LIMIT)
    expect(String(summary.note).endsWith('…')).toBe(true)
    expect(summary.file).toBe('[binary omitted]')
    expect(summary.buffer).toBe('[binary omitted]')
    expect(summary.when).toBe('2026-11-24T09:00:00.000Z')
    expect(summary.many).toHaveLength(50)
    expect(Object.keys(redactSummary(Object.fromEntries(Array.from({length: 80}, (_, index) => [`k${index}`, index]))))).toHaveLength(50)
    expect(summary.deep).toEqual({a: {b: {c: {d: '…'}}}})
    expect('skip' in summary).toBe(false)
    expect(summary.count).toBeNull()
    expect(redactSummary(null)).toEqual({})
  })
})

describe('the audit query', () => {
  // The shared list query's defaults: 50 a page, newest first.
  const DEFAULTS = {page: 1, pageSize: 50, sort: 'at', dir: 'desc'}
  /** The parsed query without its absent (undefined) fields. */
  const given = (query: Record<string, unknown>) => Object.fromEntries(Object.entries(AuditQuerySchema.parse(query)).filter(([, value]) => value !== undefined))

  it('defaults page 1 and treats empty parameters as absent', () => {
    expect(given({actor: ' ', action: '', from: '', to: '', page: ''})).toEqual(DEFAULTS)
    expect(given({actor: ' Priya@Example.com ', page: '3', format: 'csv'})).toEqual({...DEFAULTS, actor: 'Priya@Example.com', page: 3, format: 'csv'})
  })

  it('refuses a bad page size, sort or day with a message naming it', () => {
    for (const [query, message] of [
      [{pageSize: '101'}, 'pageSize must be a whole number from 1 to 100'],
      [{sort: 'hash'}, 'sort must be one of: at, actor, action, target'],
      [{from: '2026-02-30'}, 'from must be a date YYYY-MM-DD'],
    ] as const) {
      const parsed = AuditQuerySchema.safeParse(query)
      expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message)
    }
  })
})
