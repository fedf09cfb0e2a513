/**
 * Rebuilds the admin list's enrolment index from the enrolment records
 * (netlify/services/enrolments/index-store.ts): `npm run enrolments:rebuild-index`. It is the repair of
 * netlify/services/enrolments/repair.ts (also run hourly and at `npm start`'s boot): every missing
 * or stale row re-derived from its record, rows without a record dropped; safe while the site
 * runs.
 *
 * Which Blobs it works on:
 * - NETLIFY_BLOBS_CONTEXT set (as inside Netlify): that one;
 * - else NETLIFY_SITE_ID + NETLIFY_AUTH_TOKEN (a personal access token): the deployed site's Blobs
 *   through Netlify's API;
 * - else the local emulation's files under BLOBS_DIR (default .netlify/blobs-serve, what
 *   `npm start` / web/server.ts use), through a temporary BlobsServer.
 */
import {randomBytes} from 'node:crypto'
import {BlobsServer} from '@netlify/blobs/server'
import {getEnv} from '#netlify/platform/env'
import {rebuildEnrolmentIndex} from '../services/enrolments/repair'

// The environment through the one schema: an invalid variable stops here, named.
const env = getEnv()
let server: BlobsServer | undefined
if (!env.NETLIFY_BLOBS_CONTEXT) {
  const {NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token} = env
  if (siteID && token) {
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({siteID, token})).toString('base64')
    console.log(`Rebuilding the enrolment index of site ${siteID} (Netlify API)`)
  } else {
    const directory = env.BLOBS_DIR
    const localToken = randomBytes(16).toString('hex')
    server = new BlobsServer({directory, token: localToken})
    const {port} = await server.start()
    const url = `http://localhost:${port}`
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({edgeURL: url, uncachedEdgeURL: url, siteID: 'local-site', token: localToken})).toString(
      'base64',
    )
    console.log(`Rebuilding the enrolment index of the local Blobs in ${directory}`)
  }
}

try {
  const started = Date.now()
  const {enrolments, shards, repaired, removed} = await rebuildEnrolmentIndex()
  console.log(`Indexed ${enrolments} enrolments in ${shards} shards: ${repaired} rows re-derived, ${removed} removed (${Date.now() - started} ms)`)
} finally {
  await server?.stop()
}
