/**
 * The Blobs a command-line script works on (`npm run enrolments:rebuild-index`,
 * `npm run audit:verify`), wired in through NETLIFY_BLOBS_CONTEXT so openStore() reaches them:
 * - NETLIFY_BLOBS_CONTEXT set (as inside Netlify): that one;
 * - else NETLIFY_SITE_ID + NETLIFY_AUTH_TOKEN (a personal access token): the deployed site's Blobs
 *   through Netlify's API;
 * - else the local emulation's files under BLOBS_DIR (default .netlify/blobs-serve, what
 *   `npm start` / web/server.ts use), through a temporary BlobsServer.
 * Resolves to where that is, in words ("site abc (Netlify API)", "the local Blobs in …"), and
 * `stop()`, which stops the temporary server (call it when done).
 */
import {randomBytes} from 'node:crypto'
import {BlobsServer} from '@netlify/blobs/server'
import {prepareLocalBlobs} from '#netlify/platform/blobs'
import {getEnv} from '#netlify/platform/env'

export async function openScriptBlobs(): Promise<{where: string; stop: () => Promise<void>}> {
  // The environment through the one schema: an invalid variable stops here, named.
  const env = getEnv()
  if (env.NETLIFY_BLOBS_CONTEXT) return {where: 'the Blobs of NETLIFY_BLOBS_CONTEXT', stop: async () => undefined}
  const {NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token} = env
  if (siteID && token) {
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({siteID, token})).toString('base64')
    return {where: `site ${siteID} (Netlify API)`, stop: async () => undefined}
  }
  const directory = env.BLOBS_DIR
  const localToken = randomBytes(16).toString('hex')
  prepareLocalBlobs(directory, 'local-site')
  const server = new BlobsServer({directory, token: localToken})
  const {port} = await server.start()
  const url = `http://localhost:${port}`
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({edgeURL: url, uncachedEdgeURL: url, siteID: 'local-site', token: localToken})).toString(
    'base64',
  )
  return {where: `the local Blobs in ${directory}`, stop: () => server.stop()}
}
