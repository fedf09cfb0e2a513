/**
 * `npm run backup`: one backup now (netlify/services/backup/backup.ts), to the configured
 * target (the folder `backups/` beside BLOBS_DIR, or the S3 bucket of BACKUP_S3_*), then the
 * retention rule. Prints the archive, its size, per-store counts and what was pruned; exits 1
 * (with the reason) when the backup failed. Which Blobs it reads: ./script-blobs.ts.
 */
import {runBackup} from '../services/backup/backup'
import {backupConfig} from '../services/backup/config'
import {openScriptBlobs} from './script-blobs'

const blobs = await openScriptBlobs()
try {
  const config = await backupConfig()
  console.error(`Backing up ${blobs.where} to ${config.target.where}`)
  const {run, manifest, pruned} = await runBackup({config})
  for (const [store, summary] of Object.entries(manifest.stores)) console.log(`  ${store}: ${summary.keys} keys, ${summary.bytes} bytes`)
  console.log(`Backup ${run.name}: ${run.bytes} bytes in ${run.durationMs} ms (SHA-256 ${manifest.archive?.sha256})`)
  if (pruned.length) console.log(`Pruned by the retention rule: ${pruned.join(', ')}`)
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  await blobs.stop()
}
