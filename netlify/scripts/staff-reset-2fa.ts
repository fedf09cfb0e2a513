/**
 * `npm run staff:reset-2fa -- EMAIL`: removes the second factors of the staff account with that
 * e-mail (for an owner who lost their phone) and ends its sessions; audited
 * (netlify/services/staff/reset-factors.ts). Which Blobs it works on: ./script-blobs.ts.
 */
import {ServiceError} from '../platform/errors'
import {resetSecondFactors} from '../services/staff/reset-factors'
import {openScriptBlobs} from './script-blobs'

const email = process.argv[2]?.trim()
if (!email) {
  console.error('Usage: npm run staff:reset-2fa -- EMAIL')
  process.exit(2)
}
const blobs = await openScriptBlobs()
try {
  const {id} = await resetSecondFactors(email)
  console.log(`Second factors removed for ${email} (${id}); their next sign-in asks them to set up a new one.`)
} catch (error) {
  console.error(error instanceof ServiceError ? error.message : error)
  process.exitCode = 1
} finally {
  await blobs.stop()
}
