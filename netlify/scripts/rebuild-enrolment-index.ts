/**
 * Rebuilds the admin list's enrolment index from the enrolment records
 * (netlify/services/enrolments/index-store.ts): `npm run enrolments:rebuild-index`. It is the repair of
 * netlify/services/enrolments/repair.ts (also run hourly and at `npm start`'s boot): every missing
 * or stale row re-derived from its record, rows without a record dropped; safe while the site
 * runs. Which Blobs it works on: ./script-blobs.ts.
 */
import {rebuildEnrolmentIndex} from '../services/enrolments/repair'
import {openScriptBlobs} from './script-blobs'

const blobs = await openScriptBlobs()
console.log(`Rebuilding the enrolment index of ${blobs.where}`)
try {
  const started = Date.now()
  const {enrolments, partitions, repaired, removed} = await rebuildEnrolmentIndex()
  console.log(
    `Indexed ${enrolments} enrolments in ${partitions} monthly partitions: ${repaired} rows re-derived, ${removed} removed (${Date.now() - started} ms)`,
  )
} finally {
  await blobs.stop()
}
