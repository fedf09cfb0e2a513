/**
 * The staff audit log (netlify/services/audit/audit.ts, docs/requirements.md#req-audit-log) on
 * in-memory Blobs: 50 concurrent appends make seq 1..50 in one unbroken chain; a changed entry,
 * a missing one or a re-hashed one makes verify name it; a head whose entry never reached its
 * key is repaired by the next append, list or verify; the query's filters, paging and order;
 * redaction as stored; the CSV of every match; bad input refused with a message.
 */
import {beforeEach, describe, expect, it} from 'vitest'
import {AUDIT_GENESIS_HASH, type AuditEntry, type AuditInput} from '#schemas/contracts/audit'
import {openStore, STORES} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {
  appendAudit,
  AUDIT_HEAD_KEY,
  auditCsv,
  auditEntryKey,
  auditVerificationText,
  queryAudit,
  verifyAuditChain,
  type AuditHead,
} from '#netlify/services/audit/audit'
import {auditHash, sealEntry} from '#netlify/services/audit/chain'
import {startMemoryBlobs} from '../helpers/blobs'

const store = () => openStore(STORES.audit)
const stored = async (seq: number) => (await store().get(auditEntryKey(seq), {type: 'json'})) as AuditEntry | null

const priya = {type: 'staff', id: 'stf_priya', email: 'Priya@Example.com', name: 'Priya Nair'} as const
const omar = {type: 'staff', id: 'stf_omar', email: 'omar@example.com'} as const

let blobs: {stop: () => void} | undefined
beforeEach(() => {
  blobs?.stop()
  blobs = startMemoryBlobs()
})

describe('appending', () => {
  it('gives 50 concurrent appends seq 1..50 in one unbroken chain, each stored under its key', async () => {
    const entries = await Promise.all(
      Array.from({length: 50}, (_, index) =>
        appendAudit({actor: priya, client: '203.0.113.7', action: 'document-view', target: {type: 'enrolment', id: `order_sandbox_${index}`}}),
      ),
    )
    expect(entries.map((entry) => entry.seq).sort((a, b) => a - b)).toEqual(Array.from({length: 50}, (_, index) => index + 1))
    let prevHash = AUDIT_GENESIS_HASH
    for (let seq = 1; seq <= 50; seq++) {
      const entry = await stored(seq)
      expect(entry?.seq).toBe(seq)
      expect(entry?.prevHash).toBe(prevHash)
      expect(entry && auditHash(entry)).toBe(entry?.hash)
      prevHash = entry!.hash
    }
    const head = (await store().get(AUDIT_HEAD_KEY, {type: 'json'})) as AuditHead
    expect(head).toMatchObject({seq: 50, hash: prevHash})
    expect(head.entry).toEqual(await stored(50))
    expect(await verifyAuditChain()).toEqual({ok: true, count: 50})
  })

  it('stores what it was given: UTC time, actor, client, target, the first prevHash 64 zeros', async () => {
    const entry = await appendAudit(
      {
        actor: priya,
        client: '198.51.100.4',
        action: 'role-change',
        target: {type: 'staff', id: 'stf_omar'},
        summary: {before: {role: 'counsellor'}, after: {role: 'finance'}},
      },
      {now: new Date('2026-11-24T09:00:00+05:30')},
    )
    expect(entry).toMatchObject({
      seq: 1,
      at: '2026-11-24T03:30:00.000Z',
      actor: priya,
      client: '198.51.100.4',
      action: 'role-change',
      target: {type: 'staff', id: 'stf_omar'},
      summary: {before: {role: 'counsellor'}, after: {role: 'finance'}},
      prevHash: '0'.repeat(64),
    })
    expect(entry.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(await stored(1)).toEqual(entry)
    const system = await appendAudit({actor: {type: 'system'}, action: 'refund-outcome'})
    expect(system).toMatchObject({seq: 2, client: null, target: null, summary: {}, prevHash: entry.hash})
  })

  it('refuses bad input with a message naming the field, storing nothing', async () => {
    const attempts: unknown[] = [
      {actor: priya, action: 'delete-everything'},
      {actor: {type: 'staff', id: '', email: 'a@example.com'}, action: 'sign-in'},
      {actor: {type: 'robot'}, action: 'sign-in'},
      {actor: priya, action: 'sign-in', target: {type: 'Bad Type', id: 'x'}},
    ]
    for (const input of attempts) {
      const failure = await appendAudit(input as AuditInput).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ServiceError)
      expect((failure as ServiceError).kind).toBe('invalid')
    }
    await expect(appendAudit({actor: priya, action: 'nope' as never})).rejects.toThrow('action must be one of the audit actions')
    expect(await store().get(AUDIT_HEAD_KEY)).toBeNull()
  })
})

describe('verifying', () => {
  async function appendFive() {
    for (let index = 0; index < 5; index++) await appendAudit({actor: priya, action: 'enrolment-note', summary: {note: `note ${index}`}})
  }

  it('says OK with the count', async () => {
    expect(await verifyAuditChain()).toEqual({ok: true, count: 0})
    await appendFive()
    const result = await verifyAuditChain()
    expect(result).toEqual({ok: true, count: 5})
    expect(auditVerificationText(result)).toBe('Audit chain OK: 5 entries')
  })

  it('names an entry overwritten with a changed field', async () => {
    await appendFive()
    const third = (await stored(3))!
    await store().setJSON(auditEntryKey(3), {...third, summary: {note: 'something else'}})
    const result = await verifyAuditChain()
    expect(result).toEqual({ok: false, count: 5, firstBad: {seq: 3, id: third.id, reason: expect.stringContaining('hash does not match')}})
    expect(auditVerificationText(result)).toBe(`Audit chain broken at entry #3 (${third.id}): its hash does not match its content (the entry was changed)`)
  })

  it('names the entry after one changed and re-hashed, a missing entry, and a head that is not the last entry', async () => {
    await appendFive()
    const second = (await stored(2))!
    await store().setJSON(auditEntryKey(2), sealEntry({...second, actor: omar}))
    expect(await verifyAuditChain()).toMatchObject({ok: false, firstBad: {seq: 3, reason: 'its prevHash does not match the hash of entry #2'}})
    await store().setJSON(auditEntryKey(2), second)
    expect(await verifyAuditChain()).toEqual({ok: true, count: 5})

    await store().delete(auditEntryKey(4))
    expect(await verifyAuditChain()).toMatchObject({ok: false, firstBad: {seq: 4, reason: 'the entry is missing'}})
  })

  it('names an entry whose JSON is not an entry any more', async () => {
    await appendFive()
    await store().setJSON(auditEntryKey(1), {seq: 1, id: 'x'})
    expect(await verifyAuditChain()).toMatchObject({ok: false, firstBad: {seq: 1, id: 'x', reason: expect.stringContaining('malformed')}})
  })
})

describe('repair', () => {
  /** As if an append stopped right after its head write: the head holds entry `seq`, its key was never written. */
  async function headWithoutItsEntry(): Promise<AuditEntry> {
    const last = (await stored(2))!
    const entry = sealEntry({...last, id: 'lost-entry', seq: 3, prevHash: last.hash, action: 'disable'})
    await store().setJSON(AUDIT_HEAD_KEY, {seq: 3, hash: entry.hash, entry} satisfies AuditHead)
    expect(await stored(3)).toBeNull()
    return entry
  }

  beforeEach(async () => {
    await appendAudit({actor: priya, action: 'sign-in'})
    await appendAudit({actor: priya, action: 'invite'})
  })

  it('the next append writes the head’s entry first, then its own after it', async () => {
    const lost = await headWithoutItsEntry()
    const next = await appendAudit({actor: omar, action: 'sign-in'})
    expect(await stored(3)).toEqual(lost)
    expect(next).toMatchObject({seq: 4, prevHash: lost.hash})
    expect(await verifyAuditChain()).toEqual({ok: true, count: 4})
  })

  it('verify and the list write it too', async () => {
    const lost = await headWithoutItsEntry()
    expect(await verifyAuditChain()).toEqual({ok: true, count: 3})
    expect(await stored(3)).toEqual(lost)

    await store().delete(auditEntryKey(3))
    expect((await queryAudit({})).rows.map((row) => row.id)).toContain('lost-entry')
    expect(await stored(3)).toEqual(lost)
  })
})

describe('querying', () => {
  const at = (iso: string) => ({now: new Date(iso)})
  beforeEach(async () => {
    await appendAudit({actor: priya, action: 'sign-in', client: '203.0.113.7'}, at('2026-11-01T08:00:00Z'))
    await appendAudit({actor: priya, action: 'enrolment-status', target: {type: 'enrolment', id: 'order_sandbox_AAAAAAAAAAAAAA'}}, at('2026-11-02T23:59:59Z'))
    await appendAudit({actor: omar, action: 'document-view', target: {type: 'upload', id: 'upl_0123456789abcdef'}}, at('2026-11-03T00:00:00Z'))
    await appendAudit({actor: omar, action: 'enrolment-status', target: {type: 'enrolment', id: 'order_sandbox_BBBBBBBBBBBBBB'}}, at('2026-11-04T12:00:00Z'))
    await appendAudit(
      {actor: {type: 'system'}, action: 'refund-outcome', target: {type: 'enrolment', id: 'order_sandbox_AAAAAAAAAAAAAA'}},
      at('2026-11-05T01:00:00Z'),
    )
  })
  const seqs = async (query: Record<string, string>) => (await queryAudit(query)).rows.map((row) => row.seq)

  it('answers newest first with total, page and page size', async () => {
    expect(await queryAudit({})).toMatchObject({total: 5, page: 1, pageSize: 50})
    expect(await seqs({})).toEqual([5, 4, 3, 2, 1])
  })

  it('filters by person: id or e-mail, any case, the whole value', async () => {
    expect(await seqs({actor: 'priya@example.COM'})).toEqual([2, 1])
    expect(await seqs({actor: 'STF_OMAR'})).toEqual([4, 3])
    expect(await seqs({actor: 'priya'})).toEqual([])
  })

  it('filters by action and target (type:id or the id alone)', async () => {
    expect(await seqs({action: 'enrolment-status'})).toEqual([4, 2])
    expect(await seqs({target: 'enrolment:order_sandbox_AAAAAAAAAAAAAA'})).toEqual([5, 2])
    expect(await seqs({target: 'order_sandbox_AAAAAAAAAAAAAA'})).toEqual([5, 2])
    expect(await seqs({target: 'upload:order_sandbox_AAAAAAAAAAAAAA'})).toEqual([])
    expect(await seqs({action: 'enrolment-status', target: 'order_sandbox_AAAAAAAAAAAAAA', actor: 'stf_priya'})).toEqual([2])
  })

  it('filters by UTC days, both inclusive; empty parameters are absent', async () => {
    expect(await seqs({from: '2026-11-02', to: '2026-11-03'})).toEqual([3, 2])
    expect(await seqs({from: '2026-11-04'})).toEqual([5, 4])
    expect(await seqs({to: '2026-11-01'})).toEqual([1])
    expect(await seqs({actor: '', action: '', target: '', from: '', to: '', page: ''})).toEqual([5, 4, 3, 2, 1])
  })

  it('pages by 50', async () => {
    for (let index = 0; index < 50; index++) await appendAudit({actor: omar, action: 'csv-export'}, at('2026-11-06T10:00:00Z'))
    const first = await queryAudit({})
    expect(first).toMatchObject({total: 55, page: 1, pageSize: 50})
    expect(first.rows.map((row) => row.seq)).toEqual(Array.from({length: 50}, (_, index) => 55 - index))
    const second = await queryAudit({page: '2'})
    expect(second.rows.map((row) => row.seq)).toEqual([5, 4, 3, 2, 1])
    expect(await queryAudit({page: '3'})).toMatchObject({rows: [], total: 55, page: 3})
  })

  it('refuses a bad query with a message naming the parameter', async () => {
    const refused = async (query: Record<string, string>) => {
      const failure = await queryAudit(query).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ServiceError)
      return {kind: (failure as ServiceError).kind, message: (failure as ServiceError).message, field: (failure as ServiceError).field}
    }
    expect(await refused({action: 'hack'})).toEqual({kind: 'invalid', field: 'action', message: 'action must be one of the audit actions'})
    expect(await refused({from: '2026-02-30'})).toMatchObject({field: 'from', message: 'from must be a date YYYY-MM-DD'})
    expect(await refused({to: '24/11/2026'})).toMatchObject({field: 'to', message: 'to must be a date YYYY-MM-DD'})
    expect(await refused({from: '2026-11-05', to: '2026-11-01'})).toMatchObject({field: 'from', message: 'from must be on or before to'})
    for (const page of ['0', '-1', '1.5', 'two'])
      expect(await refused({page})).toMatchObject({field: 'page', message: 'page must be a whole number of at least 1'})
    expect(await refused({actor: 'x'.repeat(300)})).toMatchObject({field: 'actor'})
  })

  it('exports every match as CSV, newest first, formula-safe, whatever the page', async () => {
    await appendAudit({actor: {...omar, name: '=HYPERLINK("x")'}, action: 'enrolment-note', summary: {note: '+1 call back'}}, at('2026-11-06T10:00:00Z'))
    const csv = await auditCsv({action: 'enrolment-note', page: '7'})
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('Seq,Time (UTC),Person,Person e-mail,Person id,Action,Target,Client,Details,Entry id,Hash')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(/^6,2026-11-06T10:00:00.000Z,"'=HYPERLINK\(""x""\)",omar@example.com,stf_omar,enrolment-note,,,"{""note"":""\+1 call back""}",/)
    const all = (await auditCsv({})).trim().split('\r\n')
    expect(all.map((line) => line.split(',')[0])).toEqual(['Seq', '6', '5', '4', '3', '2', '1'])
    expect(all[2]).toMatch(/^5,2026-11-05T01:00:00.000Z,System,,,refund-outcome,enrolment:order_sandbox_AAAAAAAAAAAAAA,,,/)
  })
})

describe('redaction as stored', () => {
  it('never stores a secret-looking key or its value', async () => {
    const planted = 'PLANTED-SECRET-7f3a9c'
    await appendAudit({
      actor: priya,
      action: 'password-changed',
      target: {type: 'staff', id: 'stf_priya'},
      summary: {
        password: planted,
        newPasswordHash: planted,
        after: {
          totpSecret: planted,
          recoveryCodes: [planted],
          sessionToken: planted,
          apiKey: planted,
          nested: {WebAuthnChallenge: planted, credentialId: planted},
        },
        seedPhrase: planted,
        changed: true,
      },
    })
    const entry = await stored(1)
    const head = await store().get(AUDIT_HEAD_KEY, {type: 'text'})
    expect(JSON.stringify(entry)).not.toContain(planted)
    expect(head).not.toContain(planted)
    expect(entry?.summary).toEqual({after: {nested: {}}, changed: true})
    expect(await auditCsv({})).not.toContain(planted)
  })
})
