/**
 * The restore drill (docs/operations.md): the built site (`npm start`'s server, in a child
 * process) takes paid enrolments with documents, receipts and their e-mail, a refund, a
 * certificate, an enquiry and staff sign-ins (audit entries). A backup runs while 50 payments are
 * saved at once, and another after them: every payment answered before the first backup began is
 * in the first archive, and every one is in the second. The second goes to a folder and to a real
 * S3 protocol server (s3rver, in this process on 127.0.0.1); each is restored into an empty
 * Blobs directory and compared key by key, byte for byte, with the site's. Then the site starts
 * on the restored store: the same admin list, the certificate verifies, and the next receipt
 * number continues from the last one. An unreachable S3 target is tried 4 times and fails.
 */
import {randomBytes} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import S3rver from 's3rver'
import {afterAll, describe, expect, it} from 'vitest'
import {listKeys, listStoreNames, openStore, prepareLocalBlobs} from '#netlify/platform/blobs'
import {runBackup} from '#netlify/services/backup/backup'
import {backupKey} from '#netlify/services/backup/crypto'
import {restoreBackup} from '#netlify/services/backup/restore'
import {folderTarget, s3Target} from '#netlify/services/backup/targets'
import {pdfBytes} from '../unit/uploads-fixtures'
import {validForm} from './payments-fixtures'
import {startServer, type ServerProcess} from '../helpers/server-process'

const ADMIN = {email: 'drill@example.com', password: 'a long local restore-drill password'}
const ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_PASSWORD_HASH: '',
  SESSION_SECRET: '',
  RATE_LIMIT_CREATE_ORDER: '1000/1m',
  RATE_LIMIT_UPLOAD_START: '1000/1m',
  RATE_LIMIT_CONTACT: '1000/1m',
  RAZORPAY_KEY_ID: '',
  RAZORPAY_KEY_SECRET: '',
  RAZORPAY_WEBHOOK_SECRET: '',
  APP_ENV: '',
  CONTEXT: '',
}
const BURST = 50

const work = mkdtempSync(join(tmpdir(), 'restore-drill-'))
const dirs = {
  site: join(work, 'site'),
  fromFolder: join(work, 'from-folder'),
  fromS3: join(work, 'from-s3'),
  backups: join(work, 'backups'),
  s3: join(work, 's3'),
}
const servers: ServerProcess[] = []
let s3: S3rver | null = null
afterAll(async () => {
  for (const server of servers) await server.stop()
  await s3?.close()
  rmSync(work, {recursive: true, force: true})
})

type Json = Record<string, any>
async function call(server: ServerProcess, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {...(body === undefined ? {} : {'content-type': 'application/json'}), ...headers},
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return {status: response.status, body: (text ? JSON.parse(text) : null) as Json}
}

const form = (i: number, extra: Json = {}) => validForm({name: `Drill Cadet ${i}`, email: `drill${i}@example.com`, ...extra})

/** Creates and signs an order (nothing paid yet); resolves to the body /api/enroll/save takes. */
async function signedOrder(server: ServerProcess, i: number, extra: Json = {}) {
  const order = await call(server, 'POST', '/api/enroll/create-order', form(i, extra))
  expect(order.status, JSON.stringify(order.body)).toBe(200)
  const pay = await call(server, 'POST', '/api/sandbox/pay', {orderId: order.body.id})
  expect(pay.status, JSON.stringify(pay.body)).toBe(200)
  return pay.body as {razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string}
}

async function paidOrder(server: ServerProcess, i: number, extra: Json = {}) {
  const signed = await signedOrder(server, i, extra)
  const save = await call(server, 'POST', '/api/enroll/save', signed)
  expect(save.status, JSON.stringify(save.body)).toBe(200)
  return signed.razorpay_order_id
}

async function upload(server: ServerProcess): Promise<string> {
  const bytes = pdfBytes(40_000)
  const start = await call(server, 'POST', '/api/enroll/upload', {fileName: 'passport.pdf', size: bytes.byteLength, contentType: 'application/pdf'})
  expect(start.status, JSON.stringify(start.body)).toBe(201)
  const put = await fetch(`${server.url}/api/enroll/upload/${start.body.uploadId}/0`, {
    method: 'PUT',
    headers: {'content-type': 'application/octet-stream'},
    body: bytes,
  })
  expect(put.status).toBeLessThan(300)
  const done = await call(server, 'POST', `/api/enroll/upload/${start.body.uploadId}/complete`)
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return start.body.uploadId as string
}

/** Runs `task` with openStore() reaching the Blobs files of `directory` (the site's own BlobsServer, or a fresh one). */
async function withBlobs<T>(target: {directory: string} | {port: number; token: string; siteID: string}, task: () => Promise<T>): Promise<T> {
  let server: BlobsServer | null = null
  let context: {port: number; token: string; siteID: string}
  if ('directory' in target) {
    const token = randomBytes(16).toString('hex')
    prepareLocalBlobs(target.directory, 'local-site')
    server = new BlobsServer({directory: target.directory, token})
    context = {port: (await server.start()).port, token, siteID: 'local-site'}
  } else context = target
  const url = `http://localhost:${context.port}`
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({edgeURL: url, uncachedEdgeURL: url, siteID: context.siteID, token: context.token})).toString(
    'base64',
  )
  try {
    return await task()
  } finally {
    delete process.env.NETLIFY_BLOBS_CONTEXT
    await server?.stop()
  }
}

/** Every key's bytes and metadata, store by store (the backup's own state aside). */
async function everyBlob(): Promise<Map<string, string>> {
  const blobs = new Map<string, string>()
  for (const name of await listStoreNames()) {
    if (name === 'backup-state') continue
    const store = openStore(name)
    for (const key of await listKeys(store, (k) => !k.split('/').some((part) => part.startsWith('.')))) {
      const blob = await store.getWithMetadata(key, {type: 'arrayBuffer'})
      if (blob) blobs.set(`${name}/${key}`, `${Buffer.from(blob.data).toString('base64')} ${JSON.stringify(blob.metadata ?? {})}`)
    }
  }
  return blobs
}

describe('the restore drill', () => {
  it('backs up the site during payments, restores it from a folder and from S3 key for key, and the restored site serves the same', async () => {
    const key = backupKey(randomBytes(32).toString('base64'))
    const keys = [key]
    s3 = new S3rver({port: 0, address: '127.0.0.1', silent: true, directory: dirs.s3, configureBuckets: [{name: 'drill-backups', configs: []}]})
    const {port: s3Port} = await s3.run()
    const bucket = s3Target({
      bucket: 'drill-backups',
      prefix: 'site/',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${s3Port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    })
    const folder = folderTarget(dirs.backups)

    const site = await startServer({env: ENV, blobsDir: dirs.site})
    servers.push(site)
    const login = await call(site, 'POST', '/api/admin', ADMIN)
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    const auth = {authorization: `Bearer ${login.body.authToken}`}

    // The site's data: paid enrolments (one with a document), a refund, a certificate, an enquiry.
    const uploadId = await upload(site)
    const withDocument = await paidOrder(site, 0, {
      trainingProgram: 'cadetship-training',
      course: 'deck-cadet',
      amount: 3500,
      attachments: [uploadId],
    })
    const refunded = await paidOrder(site, 1)
    const certified = await paidOrder(site, 2)
    const refund = await call(
      site,
      'POST',
      `/api/admin/enrollments/${refunded}/refunds`,
      {amount: 1000, reason: 'other'},
      {...auth, 'idempotency-key': 'drill-refund-0001'},
    )
    expect(refund.status, JSON.stringify(refund.body)).toBe(201)
    for (const status of ['contacted', 'confirmed', 'completed']) {
      const changed = await call(site, 'PATCH', `/api/admin/enrollments/${certified}`, {status}, auth)
      expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    }
    const certificate = await call(
      site,
      'POST',
      '/api/admin/certificates',
      {orderId: certified, holderName: 'Drill Cadet 2', dateOfBirth: '1999-04-02', courseStart: '2026-11-02', courseEnd: '2026-11-06'},
      auth,
    )
    expect(certificate.status, JSON.stringify(certificate.body)).toBe(201)
    const enquiry = await call(site, 'POST', '/api/contact', {
      name: 'Drill Enquirer',
      email: 'enquirer@example.com',
      subject: 'Course Information',
      message: 'When does the next batch of this course start?',
    })
    expect(enquiry.status, JSON.stringify(enquiry.body)).toBeLessThan(300)

    // 50 payments saved at once, and a backup started in their middle.
    const burst = await Promise.all(Array.from({length: BURST}, (_, i) => signedOrder(site, 100 + i)))
    const answeredAt = new Map<string, number>()
    const saves = burst.map((signed) =>
      call(site, 'POST', '/api/enroll/save', signed).then((result) => {
        expect(result.status, JSON.stringify(result.body)).toBe(200)
        answeredAt.set(signed.razorpay_order_id, Date.now())
      }),
    )
    await Promise.race(saves)
    const during = await withBlobs(site.blobs, async () => {
      const startedAt = Date.now()
      const answeredBefore = [...answeredAt].filter(([, at]) => at <= startedAt).map(([orderId]) => orderId)
      const outcome = await runBackup({config: {key, keys, target: folder}, retryDelayMs: () => 0})
      return {answeredBefore, outcome}
    })
    // Kept aside now: the folder's retention keeps one archive a day, the newest.
    const firstArchive = join(work, 'first')
    expect(await folder.fetch(during.outcome.run.name!, firstArchive)).toBe(true)
    await Promise.all(saves)
    const after = await withBlobs(site.blobs, async () => ({
      outcome: await runBackup({config: {key, keys, target: bucket}, retryDelayMs: () => 0}),
      blobs: await everyBlob(),
    }))
    // Into the folder too (the same moment's data: nothing changes between these two).
    const afterFolder = await withBlobs(site.blobs, () =>
      runBackup({config: {key, keys, target: folder}, retryDelayMs: () => 0, now: () => new Date(Date.now() + 1000)}),
    )
    expect(afterFolder.manifest.stores).toEqual(after.outcome.manifest.stores)

    // Every payment answered before the first backup began is in it; every payment is in the next.
    const inFirst = await withBlobs({directory: join(work, 'first-restored')}, async () => {
      await restoreBackup({archive: firstArchive, from: folder, keys})
      const store = openStore('enrolments')
      return Promise.all(during.answeredBefore.map(async (orderId) => ((await store.get(orderId, {type: 'json'})) as Json | null)?.status))
    })
    expect(inFirst.every((status) => status === 'paid')).toBe(true)
    expect(after.outcome.manifest.stores.enrolments!.keys).toBe(3 + BURST)
    for (const store of [
      'enrolments',
      'enrolment-index',
      'uploads',
      'receipt-numbers',
      'outbox',
      'certificates',
      'contact-messages',
      'audit',
      'staff-sessions',
    ])
      expect(after.outcome.manifest.stores[store]?.keys, store).toBeGreaterThan(0)

    // Wipe (empty directories), restore from each target, compare every key.
    const fromS3 = await withBlobs({directory: dirs.fromS3}, async () => {
      const outcome = await restoreBackup({archive: 'latest', from: bucket, keys})
      return {outcome, blobs: await everyBlob()}
    })
    expect(fromS3.outcome.stores).toEqual(after.outcome.manifest.stores)
    const fromFolder = await withBlobs({directory: dirs.fromFolder}, async () => {
      const outcome = await restoreBackup({archive: 'latest', from: folder, keys})
      return {outcome, blobs: await everyBlob()}
    })
    const withoutRestoreEntry = (blobs: Map<string, string>) => new Map([...blobs].filter(([k]) => !k.startsWith('audit/')))
    expect(withoutRestoreEntry(fromS3.blobs)).toEqual(withoutRestoreEntry(after.blobs))
    expect(withoutRestoreEntry(fromFolder.blobs)).toEqual(withoutRestoreEntry(after.blobs))

    // The site before, and the site started on the restored store, answer alike.
    const adminList = async (server: ServerProcess, headers: Record<string, string>) => {
      const list = await call(server, 'GET', '/api/admin/enrollments?status=all', undefined, headers)
      expect(list.status).toBe(200)
      return (list.body as unknown as Json[]).map((row) => JSON.stringify(row)).sort()
    }
    const listBefore = await adminList(site, auth)
    const number = certificate.body.certificate.number as string
    const verifyBefore = await call(site, 'GET', `/api/verify?number=${encodeURIComponent(number)}&dateOfBirth=1999-04-02`)
    expect(verifyBefore.status).toBe(200)
    const receiptsBefore = (await call(site, 'GET', `/api/admin/enrollments?status=all`, undefined, auth)).body as unknown as Json[]
    const lastReceipt = receiptsBefore
      .map((row) => row.receiptNumber as string | null)
      .filter(Boolean)
      .sort()
      .pop()!
    await site.stop()
    servers.splice(servers.indexOf(site), 1)

    const restored = await startServer({env: ENV, blobsDir: dirs.fromFolder})
    servers.push(restored)
    const again = await call(restored, 'POST', '/api/admin', ADMIN)
    expect(again.status).toBe(200)
    const restoredAuth = {authorization: `Bearer ${again.body.authToken}`}
    expect(await adminList(restored, restoredAuth)).toEqual(listBefore)
    expect(await call(restored, 'GET', `/api/verify?number=${encodeURIComponent(number)}&dateOfBirth=1999-04-02`)).toEqual(verifyBefore)
    const document = await fetch(`${restored.url}/api/admin/enrollments/${withDocument}/documents/${uploadId}`, {headers: restoredAuth})
    expect(document.status).toBe(200)
    expect((await document.arrayBuffer()).byteLength).toBe(40_000)
    const next = await paidOrder(restored, 999)
    const nextRow = (await call(restored, 'GET', `/api/admin/enrollments/${next}`, undefined, restoredAuth)).body
    const sequence = (receipt: string) => Number(/(\d+)$/.exec(receipt)![1])
    expect(nextRow.receiptNumber.replace(/\d+$/, '')).toBe(lastReceipt.replace(/\d+$/, ''))
    expect(sequence(nextRow.receiptNumber)).toBe(sequence(lastReceipt) + 1)
    console.info(
      `[restore-drill] ${after.outcome.manifest.stores.enrolments!.keys} enrolments, ${Object.keys(after.outcome.manifest.stores).length} stores, ` +
        `archive ${after.outcome.run.bytes} bytes; ${during.answeredBefore.length} payments answered before the backup in their middle`,
    )
  }, 240_000)

  it('tries an unreachable S3 target 4 times, then fails and keeps nothing half-written', async () => {
    const key = backupKey(randomBytes(32).toString('base64'))
    const down = s3Target({bucket: 'nowhere', prefix: '', region: 'us-east-1', endpoint: 'http://127.0.0.1:9', accessKeyId: 'x', secretAccessKey: 'y'})
    const error = await withBlobs({directory: join(work, 'unreachable')}, async () => {
      await openStore('enrolments').setJSON('probe', {ok: true})
      return runBackup({config: {key, keys: [key], target: down}, retryDelayMs: () => 0}).then(
        () => null,
        (e: unknown) => e as Error,
      )
    })
    expect(error?.message).toMatch(/^The backup target s3:\/\/nowhere\/ could not be reached after 4 attempts: /)
  })
})
