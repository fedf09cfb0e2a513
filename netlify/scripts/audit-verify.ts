/**
 * Checks the staff audit log's hash chain (docs/requirements.md#req-audit-log):
 * `npm run audit:verify`. Prints `Audit chain OK: N entries` and exits 0, or
 * `Audit chain broken at entry #seq (id): reason` and exits 1 (netlify/services/audit/audit.ts
 * verifyAuditChain; it first writes the head's entry under its key if an append stopped half-way).
 * Read-only otherwise; safe while the site runs. Which Blobs it works on: ./script-blobs.ts.
 */
import {auditVerificationText, verifyAuditChain} from '../services/audit/audit'
import {openScriptBlobs} from './script-blobs'

const blobs = await openScriptBlobs()
console.error(`Verifying the audit log of ${blobs.where}`)
try {
  const result = await verifyAuditChain()
  console.log(auditVerificationText(result))
  process.exitCode = result.ok ? 0 : 1
} finally {
  await blobs.stop()
}
