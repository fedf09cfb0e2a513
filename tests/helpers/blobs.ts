/**
 * Netlify's own Blobs emulation (BlobsServer) for integration tests: a fresh directory per
 * call, wired in through NETLIFY_BLOBS_CONTEXT so the real @netlify/blobs client talks to it.
 * With msw running, bypass localhost so the Blobs client is not intercepted.
 */
import {randomBytes} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import {afterAll, beforeAll} from 'vitest'

export async function startBlobs(): Promise<{stop: () => Promise<void>; directory: string}> {
  const directory = mkdtempSync(join(tmpdir(), 'blobs-'))
  const token = randomBytes(16).toString('hex')
  const server = new BlobsServer({directory, token})
  const {port} = await server.start()
  const url = `http://localhost:${port}`
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({edgeURL: url, uncachedEdgeURL: url, siteID: 'test-site', token})).toString('base64')
  return {
    directory,
    stop: async () => {
      await server.stop()
      delete process.env.NETLIFY_BLOBS_CONTEXT
      rmSync(directory, {recursive: true, force: true})
    },
  }
}

/** A Netlify Functions v2 context for calling a handler directly in a test. */
export function testContext(params: Record<string, string> = {}, ip = '203.0.113.7') {
  return {
    ip,
    requestId: `test-${Math.random().toString(36).slice(2)}`,
    params,
    geo: {},
    site: {id: 'test-site'},
    deploy: {context: 'dev'},
    server: {region: 'test'},
    account: {id: 'test'},
    waitUntil: (promise: Promise<unknown>) => void promise,
  }
}

/** Registers a fresh Blobs server for the calling test file (started before all, stopped after). */
export function useBlobs(): void {
  let blobs: Awaited<ReturnType<typeof startBlobs>> | undefined
  beforeAll(async () => {
    blobs = await startBlobs()
  })
  afterAll(async () => {
    await blobs?.stop()
  })
}
