/**
 * Benchmark of the backup and the restore (not a test): seeds ENROLMENTS enrolment records and
 * DOCUMENTS uploaded documents of DOCUMENT_MB each (random bytes: scans are already compressed)
 * into a temporary BlobsServer, backs them up to a folder, restores into a second, empty one,
 * and reports MB/s and the process's resident memory peak (sampled every 50 ms) of each phase.
 * The goal: the archive streams, memory under 256 MB whatever the size. The Blobs emulation runs
 * in this process, so its own buffers are in the figures too.
 *   npm run bench:backup [-- ENROLMENTS DOCUMENTS DOCUMENT_MB]
 */
import {randomBytes} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import {openStore, prepareLocalBlobs} from '#netlify/platform/blobs'
import {runBackup} from '#netlify/services/backup/backup'
import {backupKey} from '#netlify/services/backup/crypto'
import {restoreBackup} from '#netlify/services/backup/restore'
import {folderTarget} from '#netlify/services/backup/targets'

const ENROLMENTS = Number(process.argv[2] ?? 10_000)
const DOCUMENTS = Number(process.argv[3] ?? 2_000)
const DOCUMENT_MB = Number(process.argv[4] ?? 1)
const MB = 1024 * 1024

const work = mkdtempSync(join(tmpdir(), 'bench-backup-'))
const servers: BlobsServer[] = []

async function useBlobs(directory: string): Promise<void> {
  const token = randomBytes(16).toString('hex')
  prepareLocalBlobs(directory, 'bench')
  const server = new BlobsServer({directory, token})
  servers.push(server)
  const {port} = await server.start()
  const url = `http://localhost:${port}`
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({edgeURL: url, uncachedEdgeURL: url, siteID: 'bench', token})).toString('base64')
}

/** Runs `task`, sampling the resident set size; resolves to its result, the seconds it took and the peak (MB). */
async function measured<T>(task: () => Promise<T>): Promise<{result: T; seconds: number; peakMb: number}> {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  const started = performance.now()
  try {
    const result = await task()
    return {result, seconds: (performance.now() - started) / 1000, peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / MB)}
  } finally {
    clearInterval(timer)
  }
}

async function inBatches(count: number, size: number, write: (i: number) => Promise<unknown>) {
  for (let i = 0; i < count; i += size) await Promise.all(Array.from({length: Math.min(size, count - i)}, (_, j) => write(i + j)))
}

await useBlobs(join(work, 'site'))
const atRestMb = Math.round(process.memoryUsage().rss / MB)
console.log(`resident memory at rest (modules loaded, Blobs emulation started): ${atRestMb} MB`)
const fill = await measured(async () => {
  const enrolments = openStore('enrolments')
  await inBatches(ENROLMENTS, 50, (i) =>
    enrolments.setJSON(`order_sandbox_${String(i).padStart(14, '0')}`, {
      orderId: `order_sandbox_${String(i).padStart(14, '0')}`,
      status: 'paid',
      name: `Bench Cadet ${i}`,
      email: `cadet${i}@example.com`,
      amount: 50_000,
      history: [{at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), status: 'paid'}],
    }),
  )
  const uploads = openStore('uploads')
  await inBatches(DOCUMENTS, 4, (i) =>
    uploads.set(`upl_${String(i).padStart(16, '0')}/file`, randomBytes(DOCUMENT_MB * MB).buffer as ArrayBuffer, {metadata: {size: DOCUMENT_MB * MB}}),
  )
})
const dataMb = (DOCUMENTS * DOCUMENT_MB * MB + ENROLMENTS * 250) / MB
console.log(`seeded ${ENROLMENTS} enrolments and ${DOCUMENTS} documents of ${DOCUMENT_MB} MB (${dataMb.toFixed(0)} MB) in ${fill.seconds.toFixed(1)} s`)

const key = backupKey(randomBytes(32).toString('base64'))
const target = folderTarget(join(work, 'backups'))
const backup = await measured(() => runBackup({config: {key, keys: [key], target}, retryDelayMs: () => 0}))
const archiveMb = backup.result.run.bytes / MB
console.log(
  `backup:  ${archiveMb.toFixed(0)} MB archive in ${backup.seconds.toFixed(1)} s = ${(dataMb / backup.seconds).toFixed(1)} MB/s; resident memory peak ${backup.peakMb} MB`,
)

await useBlobs(join(work, 'restored'))
const restore = await measured(() => restoreBackup({archive: 'latest', from: target, keys: [key]}))
const restored = Object.values(restore.result.stores).reduce((sum, store) => sum + store.keys, 0)
console.log(
  `restore: ${restored} keys in ${restore.seconds.toFixed(1)} s = ${(dataMb / restore.seconds).toFixed(1)} MB/s (two passes: check, then write); resident memory peak ${restore.peakMb} MB`,
)
// The goal is the backup's own memory: what the process needs at rest (its modules) is not the archive's.
const growth = Math.max(backup.peakMb, restore.peakMb) - atRestMb
const ok = growth < 256
console.log(`memory above rest: ${growth} MB at most; ${ok ? 'goal met: under 256 MB, whatever the size' : 'goal MISSED: 256 MB or more'}`)

for (const server of servers) await server.stop()
rmSync(work, {recursive: true, force: true})
process.exitCode = ok ? 0 : 1
