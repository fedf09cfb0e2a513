/**
 * GET /api/admin/me carries the daily backup's warning (docs/requirements.md#req-backup-status)
 * for every signed-in staff member: null on a young site and after a success, the rule's text
 * (schemas/rules/backup-health.ts) after a failed run, read from the `run` key of the
 * `backup-state` store; `me` of GET /api/admin/account stays without it.
 */
import {describe, expect, it} from 'vitest'
import account from '#netlify/functions/admin-account'
import {meNow} from '#netlify/services/staff/account'
import {recordRun, stateStore, type RunState} from '#netlify/services/backup/state'
import {useBlobs} from '../helpers/blobs'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'

useBlobs()
useAdminEnv()

describe('GET /api/admin/me backupWarning', () => {
  it('is null while the backups are fine, and the warning once the last one failed', async () => {
    const token = await loginToken()
    const fresh = await callAs(account, getRequest('/api/admin/me', token))
    expect(fresh.status).toBe(200)
    expect(fresh.body).toMatchObject({role: 'owner', backupWarning: null})

    await recordRun({at: '2026-11-27T02:00:00.000Z', bytes: 0, durationMs: 900, result: 'failed', error: 'The target could not be reached'})
    const failed = await callAs(account, getRequest('/api/admin/me', token))
    expect(failed.body.backupWarning).toBe('The last backup failed (2026-11-27 02:00 UTC): The target could not be reached.')

    const accountPage = await callAs(account, getRequest('/api/admin/account', token))
    expect(accountPage.status).toBe(200)
    expect(accountPage.body.me).not.toHaveProperty('backupWarning')
  })

  it('warns when no backup succeeded for more than 26 hours (injected clock)', async () => {
    const run: RunState = {
      last: {at: '2026-11-26T02:00:00.000Z', bytes: 10, durationMs: 10, result: 'succeeded'},
      lastSucceededAt: '2026-11-26T02:00:00.000Z',
      since: '2026-01-01T00:00:00.000Z',
    }
    await stateStore().setJSON('run', run)
    const me = {id: 'stf_owner', email: 'staff@maritime.example', name: 'Owner', sessionId: 'x', client: '203.0.113.1'}
    expect((await meNow(me, {now: new Date('2026-11-27T04:00:00.000Z')})).backupWarning).toBeNull()
    expect((await meNow(me, {now: new Date('2026-11-27T04:00:00.001Z')})).backupWarning).toBe(
      'No backup for more than 26 hours: the last one succeeded on 2026-11-26 02:00 UTC.',
    )
  })
})
