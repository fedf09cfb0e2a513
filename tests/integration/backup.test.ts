/**
 * Backups over in-memory Blobs and a folder target: every store (found by listing) into one
 * encrypted archive and back, byte for byte with metadata; a changed, truncated or foreign-key
 * archive refused before anything is written; a site holding data refused unless forced; one
 * backup at a time; an unreachable target retried 4 times, then a failed run, the owners e-mailed
 * once and the archives kept before untouched; retention after a success.
 */
import {randomBytes} from 'node:crypto'
import {mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {listKeys, listStoreNames, openStore} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {hashPassword} from '#netlify/platform/password'
import {acquireLease, BACKUP_RUNNING, backupStatus, runBackup} from '#netlify/services/backup/backup'
import {backupKey, WRONG_KEY} from '#netlify/services/backup/crypto'
import {backupConfig, NOT_CONFIGURED} from '#netlify/services/backup/config'
import {restoreBackup, TARGET_NOT_EMPTY} from '#netlify/services/backup/restore'
import {folderTarget, type BackupTarget} from '#netlify/services/backup/targets'
import {listOutboxRecords} from '#netlify/services/mail/outbox'
import {createPending, getEnrolment, markPaid} from '#netlify/services/enrolments/enrolments'
import {erasePerson, reapplyErasures} from '#netlify/services/privacy/erasure'
import {startMemoryBlobs} from '../helpers/blobs'
import {newEnrolment} from './enrolment-fixtures'
import {useAdminEnv, ADMIN_EMAIL} from './admin-fixtures'

useAdminEnv()

const key = backupKey(randomBytes(32).toString('base64'))
const work = mkdtempSync(join(tmpdir(), 'backup-test-'))
afterAll(() => rmSync(work, {recursive: true, force: true}))

let blobs = startMemoryBlobs()
let dirCount = 0
const freshDir = () => join(work, `target-${++dirCount}`)
const config = (target: BackupTarget) => ({key, keys: [key], target})
const noDelay = () => 0

beforeEach(() => {
  blobs.stop()
  blobs = startMemoryBlobs()
})

/** A site's worth of blobs: JSON records with metadata, binary documents, nested keys, a counter. */
async function fill() {
  await openStore('enrolments').setJSON('order_sandbox_AAAAAAAAAAAAAA', {orderId: 'order_sandbox_AAAAAAAAAAAAAA', status: 'paid', name: 'Ravi Kumar'})
  await openStore('enrolments').setJSON('order_sandbox_BBBBBBBBBBBBBB', {orderId: 'order_sandbox_BBBBBBBBBBBBBB', status: 'refunded'})
  await openStore('uploads').set('up_1/file', randomBytes(300_000).buffer as ArrayBuffer, {metadata: {contentType: 'application/pdf', size: 300_000}})
  await openStore('receipt-numbers').setJSON('year-2026', {next: 42})
  await openStore('contact-messages').setJSON('msg/2026/one', {name: 'Enquirer'}, {metadata: {receivedAt: '2026-11-01T00:00:00.000Z', subject: 'Hello'}})
  await openStore('a-store-added-later').setJSON('x', {added: true})
}

/** Every blob of every store: `store/key` → bytes (base64) and metadata. */
async function snapshot() {
  const result: Record<string, {data: string; metadata: unknown}> = {}
  for (const name of await listStoreNames()) {
    if (name === 'backup-state') continue
    const store = openStore(name)
    for (const k of await listKeys(store, () => true)) {
      const blob = await store.getWithMetadata(k, {type: 'arrayBuffer'})
      if (blob) result[`${name}/${k}`] = {data: Buffer.from(blob.data).toString('base64'), metadata: blob.metadata}
    }
  }
  return result
}

async function refused(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ServiceError)
  return error as ServiceError
}

describe('backup and restore', () => {
  it('archives every store it lists and restores each blob byte for byte, with its metadata', async () => {
    await fill()
    const before = await snapshot()
    const target = folderTarget(freshDir())
    const {run, manifest} = await runBackup({config: config(target), retryDelayMs: noDelay})
    expect(run.result).toBe('succeeded')
    expect(manifest.stores['a-store-added-later']).toEqual({keys: 1, bytes: JSON.stringify({added: true}).length})
    expect(manifest.stores.uploads).toEqual({keys: 1, bytes: 300_000})
    expect(manifest.archive?.sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(await target.list()).toEqual([{name: run.name, at: run.at.replace(/\.\d{3}Z$/, '.000Z'), bytes: run.bytes}])
    // No personal data in clear in the file: it is encrypted.
    expect(readFileSync(join(work, `target-${dirCount}`, run.name!)).includes(Buffer.from('Ravi Kumar'))).toBe(false)

    blobs.stop()
    blobs = startMemoryBlobs()
    const restored = await restoreBackup({archive: 'latest', from: target, keys: [key]})
    expect(restored.stores).toEqual(Object.fromEntries(Object.entries(manifest.stores)))
    const after = await snapshot()
    delete after['audit/head']
    for (const k of Object.keys(after)) if (k.startsWith('audit/entry/')) delete after[k]
    expect(after).toEqual(before)
  })

  it('refuses a changed archive before writing anything, naming the entry', async () => {
    await fill()
    const dir = freshDir()
    const {run} = await runBackup({config: config(folderTarget(dir)), retryDelayMs: noDelay})
    const file = join(dir, run.name!)
    const bytes = readFileSync(file)
    const middle = Math.floor(bytes.length / 2)
    bytes[middle] = bytes[middle]! ^ 0xff
    const changed = join(work, 'changed.tar.gz.enc')
    writeFileSync(changed, bytes)
    blobs.stop()
    blobs = startMemoryBlobs()
    const error = await refused(restoreBackup({archive: changed, from: folderTarget(dir), keys: [key]}))
    expect(error.message).toMatch(/This archive (is damaged or was changed|was changed).*(entry [a-z-]+\/|authentication)/)
    expect(await snapshot()).toEqual({})
  })

  it('refuses a truncated archive, naming where it ends, and writes nothing', async () => {
    await fill()
    const dir = freshDir()
    const {run} = await runBackup({config: config(folderTarget(dir)), retryDelayMs: noDelay})
    const cut = join(work, 'cut.tar.gz.enc')
    writeFileSync(cut, readFileSync(join(dir, run.name!)))
    truncateSync(cut, Math.floor(statSync(cut).size * 0.6))
    blobs.stop()
    blobs = startMemoryBlobs()
    const error = await refused(restoreBackup({archive: cut, from: folderTarget(dir), keys: [key]}))
    expect(error.message).toMatch(/^This archive is (damaged or was changed: it cannot be read (at|after) the entry [a-z-]+\/|truncated)/)
    expect(await snapshot()).toEqual({})
  })

  it('says "This archive was encrypted with another key" and writes nothing; a previous key still opens it', async () => {
    await fill()
    const dir = freshDir()
    await runBackup({config: config(folderTarget(dir)), retryDelayMs: noDelay})
    blobs.stop()
    blobs = startMemoryBlobs()
    const other = backupKey(randomBytes(32).toString('base64'))
    const error = await refused(restoreBackup({archive: 'latest', from: folderTarget(dir), keys: [other]}))
    expect(error.message).toBe(WRONG_KEY)
    expect(await snapshot()).toEqual({})
    const rotated = await restoreBackup({archive: 'latest', from: folderTarget(dir), keys: [other, key]})
    expect(rotated.stores.enrolments?.keys).toBe(2)
  })

  it('refuses a site that holds data unless forced; forced, the stores equal the archive again', async () => {
    await fill()
    const dir = freshDir()
    await runBackup({config: config(folderTarget(dir)), retryDelayMs: noDelay})
    const before = await snapshot()
    await openStore('enrolments').setJSON('order_sandbox_CCCCCCCCCCCCCC', {status: 'paid'})
    await openStore('receipt-numbers').setJSON('year-2026', {next: 99})
    const error = await refused(restoreBackup({archive: 'latest', from: folderTarget(dir), keys: [key]}))
    expect(error.message).toBe(TARGET_NOT_EMPTY)
    expect((await openStore('receipt-numbers').get('year-2026', {type: 'json'})) as unknown).toEqual({next: 99})
    await restoreBackup({archive: 'latest', from: folderTarget(dir), keys: [key], force: true})
    const after = await snapshot()
    for (const k of Object.keys(after)) if (k.startsWith('audit/')) delete after[k]
    for (const k of Object.keys(before)) if (k.startsWith('audit/')) delete before[k]
    expect(after).toEqual(before)
  })

  it('lets one backup run at a time', async () => {
    await fill()
    const lease = await acquireLease()
    const error = await refused(runBackup({config: config(folderTarget(freshDir())), retryDelayMs: noDelay}))
    expect(error.message).toBe(BACKUP_RUNNING)
    expect(error.kind).toBe('conflict')
    const outcomes = await Promise.allSettled([
      runBackup({config: config(folderTarget(freshDir())), retryDelayMs: noDelay, lease}),
      runBackup({config: config(folderTarget(freshDir())), retryDelayMs: noDelay}),
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected'])
    // Released: the next one runs.
    expect((await runBackup({config: config(folderTarget(freshDir())), retryDelayMs: noDelay})).run.result).toBe('succeeded')
  })

  it('retries an unreachable target 4 times, then fails loudly: a failed run, the owners e-mailed once, earlier archives kept', async () => {
    await fill()
    const dir = freshDir()
    const good = folderTarget(dir)
    await runBackup({config: config(good), retryDelayMs: noDelay, now: () => new Date('2026-11-20T02:00:00.000Z')})
    let attempts = 0
    const down: BackupTarget = {
      ...good,
      where: 's3://unreachable/',
      put: async () => {
        attempts += 1
        throw new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:9')
      },
    }
    const error = await refused(runBackup({config: config(down), retryDelayMs: noDelay, now: () => new Date('2026-11-21T02:00:00.000Z')}))
    expect(error.message).toBe('The backup target s3://unreachable/ could not be reached after 4 attempts: fetch failed: connect ECONNREFUSED 127.0.0.1:9')
    expect(attempts).toBe(4)
    expect((await good.list()).length).toBe(1)
    const status = await backupStatus({config: config(good), now: new Date('2026-11-21T03:00:00.000Z')})
    expect(status.last).toMatchObject({result: 'failed', error: error.message})
    expect(status.warning).toMatch(/^The last backup failed \(2026-11-21 02:00 UTC\): The backup target/)
    const alerts = (await listOutboxRecords()).filter((r) => r.kind === 'backup-alert')
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.to).toEqual([ADMIN_EMAIL])
    expect(alerts[0]!.subject).toBe('Backup needs attention')
    // The same incident is not e-mailed twice.
    const {alertOwners} = await import('#netlify/services/backup/alerts')
    expect(await alertOwners({now: new Date('2026-11-21T04:00:00.000Z')})).toBeNull()
    expect((await listOutboxRecords()).filter((r) => r.kind === 'backup-alert')).toHaveLength(1)
  })

  it('prunes by the retention rule after a successful backup', async () => {
    await fill()
    const dir = freshDir()
    const target = folderTarget(dir)
    for (let day = 0; day < 40; day++) {
      const at = new Date(Date.UTC(2026, 9, 1 + day, 2))
      await runBackup({config: config(target), retryDelayMs: noDelay, now: () => at})
    }
    const kept = await target.list()
    // 35 daily, plus the newest of October's first days as October's monthly (already among the dailies) → 35 + 0.
    expect(kept).toHaveLength(35)
    expect(kept[0]!.at.slice(0, 10)).toBe('2026-11-09')
  })

  it('a restore of an archive made before an erasure erases the person again (the erasure ledger)', async () => {
    const email = 'rita.restore@example.com'
    const created = await createPending(newEnrolment('bk', {email, name: 'Rita Restore'}), new Date())
    await markPaid(created.orderId, 'pay_bkrestore000001', 'callback')
    const dir = freshDir()
    await runBackup({config: config(folderTarget(dir)), retryDelayMs: noDelay})
    await erasePerson({email, reason: 'Asked by e-mail', confirm: email, objection: false}, {actor: {type: 'system'}})
    expect((await getEnrolment(created.orderId))?.name).not.toBe('Rita Restore')

    const restored = await restoreBackup({archive: 'latest', from: folderTarget(dir), keys: [key], force: true, afterRestore: () => reapplyErasures()})
    expect(restored.after).toEqual({applied: 1})
    const record = await getEnrolment(created.orderId)
    expect(record?.name).toMatch(/^Erased person [0-9a-f]{6}$/)
    expect(record?.email).not.toBe(email)
  })

  it('on the embedded default, generates one key into backups/.key (mode 600) and keeps using it', async () => {
    const dir = freshDir()
    vi.stubEnv('BACKUP_DIR', dir)
    vi.stubEnv('BACKUP_KEY', '')
    try {
      const first = await backupConfig()
      const second = await backupConfig()
      expect(second.key.id).toBe(first.key.id)
      expect(statSync(join(dir, '.key')).mode & 0o777).toBe(0o600)
      expect(first.target.where).toBe(`the folder ${dir}`)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('in production without BACKUP_KEY and a bucket, the backup fails loudly: a failed run and the owners e-mailed', async () => {
    vi.stubEnv('APP_ENV', 'production')
    vi.stubEnv('SITE_URL', 'https://www.example.com')
    vi.stubEnv('ADMIN_PASSWORD', '')
    vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword('a production owner password'))
    vi.stubEnv('SESSION_SECRET', 'a production session secret of enough length')
    vi.stubEnv('BACKUP_KEY', '')
    vi.stubEnv('BACKUP_S3_BUCKET', '')
    try {
      const error = await refused(runBackup({retryDelayMs: noDelay}))
      expect(error.message).toBe(NOT_CONFIGURED)
      expect((await backupStatus({config: config(folderTarget(freshDir()))})).last).toMatchObject({result: 'failed', error: NOT_CONFIGURED})
    } finally {
      vi.unstubAllEnvs()
    }
    const alerts = (await listOutboxRecords()).filter((r) => r.kind === 'backup-alert')
    expect(alerts.map((r) => r.to)).toEqual([[ADMIN_EMAIL]])
    expect(alerts[0]!.text).toContain(NOT_CONFIGURED)
  })
})
