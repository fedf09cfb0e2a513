/**
 * The audit log on Netlify's own Blobs emulation (the real @netlify/blobs client), and
 * `npm run audit:verify` (netlify/scripts/audit-verify.ts) run as a process on it
 * (docs/requirements.md#req-audit-log): 50 concurrent appends in one unbroken chain, the script
 * says `Audit chain OK: 50 entries` and exits 0; after one entry is overwritten with a changed
 * field it names that entry and exits 1.
 */
import {execFile} from 'node:child_process'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {openStore, STORES} from '#netlify/platform/blobs'
import {appendAudit, auditEntryKey, verifyAuditChain} from '#netlify/services/audit/audit'
import type {AuditEntry} from '#schemas/contracts/audit'
import {startBlobs} from '../helpers/blobs'

let blobs: Awaited<ReturnType<typeof startBlobs>>
beforeAll(async () => {
  blobs = await startBlobs()
})
afterAll(async () => {
  await blobs?.stop()
})

/** Runs the script on this test's emulation (NETLIFY_BLOBS_CONTEXT, as inside Netlify). */
async function runScript(): Promise<{code: number; stdout: string}> {
  try {
    const {stdout} = await promisify(execFile)('npx', ['tsx', 'netlify/scripts/audit-verify.ts'], {env: process.env, timeout: 60_000})
    return {code: 0, stdout}
  } catch (failure) {
    const error = failure as {code?: number; stdout?: string}
    return {code: error.code ?? -1, stdout: error.stdout ?? ''}
  }
}

describe('the audit log on the Blobs emulation', () => {
  it('chains 50 concurrent appends; audit:verify says OK, then names an entry changed afterwards', async () => {
    const entries = await Promise.all(
      Array.from({length: 50}, (_, index) => appendAudit({actor: {type: 'system'}, action: 'refund-outcome', summary: {index}})),
    )
    expect(new Set(entries.map((entry) => entry.seq)).size).toBe(50)
    expect(await verifyAuditChain()).toEqual({ok: true, count: 50})
    expect(await runScript()).toEqual({code: 0, stdout: 'Audit chain OK: 50 entries\n'})

    const store = openStore(STORES.audit)
    const entry = (await store.get(auditEntryKey(17), {type: 'json'})) as AuditEntry
    await store.setJSON(auditEntryKey(17), {...entry, action: 'sign-in'})
    expect(await runScript()).toEqual({
      code: 1,
      stdout: `Audit chain broken at entry #17 (${entry.id}): its hash does not match its content (the entry was changed)\n`,
    })
  })
})
