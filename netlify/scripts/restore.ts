/**
 * `npm run restore -- <archive path | archive name | latest> [--from <folder | s3://bucket/prefix>] [--force]`:
 * an archive back into the Blobs of BLOBS_DIR (or the deployed site's, ./script-blobs.ts)
 * through netlify/services/backup/restore.ts: every entry checked before anything is written, a
 * site holding data refused unless --force, the erasure ledger applied again afterwards. `--from`
 * defaults to the configured target (a folder's own `.key` is tried too). Prints per-store counts (equal to the manifest's) and exits
 * 0, or prints why and exits 1.
 */
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {parseArgs} from 'node:util'
import {getEnv, isBackupKey} from '#netlify/platform/env'
import {backupConfig, s3TargetOf} from '../services/backup/config'
import {backupKey} from '../services/backup/crypto'
import {restoreBackup} from '../services/backup/restore'
import {folderTarget, type BackupTarget} from '../services/backup/targets'
import {reapplyErasures} from '../services/privacy/erasure'
import {openScriptBlobs} from './script-blobs'

const USAGE = 'Usage: npm run restore -- <archive path | archive name | latest> [--from <folder | s3://bucket/prefix>] [--force]'

function targetOf(from: string): BackupTarget {
  const s3 = /^s3:\/\/([^/]+)\/?(.*)$/.exec(from)
  if (!s3) return folderTarget(from)
  const prefix = s3[2] ? s3[2].replace(/\/?$/, '/') : ''
  return s3TargetOf(getEnv(), {bucket: s3[1]!, prefix})!
}

const {positionals, values} = parseArgs({allowPositionals: true, options: {from: {type: 'string'}, force: {type: 'boolean', default: false}}})
if (positionals.length !== 1) {
  console.error(USAGE)
  process.exit(2)
}

const blobs = await openScriptBlobs()
try {
  const config = await backupConfig()
  const from = values.from ? targetOf(values.from) : config.target
  // A folder of archives made by the embedded default holds the key they were made with.
  const folderKey = values.from && !values.from.startsWith('s3://') ? await readFile(join(values.from, '.key'), 'utf8').catch(() => null) : null
  const keys = folderKey && isBackupKey(folderKey.trim()) ? [...config.keys, backupKey(folderKey)] : config.keys
  console.error(`Restoring ${positionals[0]} from ${from.where} into ${blobs.where}`)
  const outcome = await restoreBackup({archive: positionals[0]!, from, keys, force: values.force, afterRestore: () => reapplyErasures()})
  for (const [store, summary] of Object.entries(outcome.manifest.stores)) {
    const written = outcome.stores[store] ?? {keys: 0, bytes: 0}
    const agrees = written.keys === summary.keys && written.bytes === summary.bytes
    console.log(`  ${store}: ${written.keys} keys, ${written.bytes} bytes${agrees ? '' : ` (manifest: ${summary.keys} keys, ${summary.bytes} bytes)`}`)
  }
  console.log(`Restored ${outcome.name} (made ${outcome.manifest.createdAt}); erasures applied again: ${JSON.stringify(outcome.after)}`)
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  await blobs.stop()
}
