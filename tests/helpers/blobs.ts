/**
 * Blobs for integration tests. `useBlobs()` installs fresh in-memory stores
 * (./memory-blobs.ts) for the calling test file: the services run without HTTP or disk.
 * `useBlobs({emulation: true})` and `startBlobs()` start Netlify's own Blobs emulation
 * (BlobsServer) in a fresh directory instead, wired in through NETLIFY_BLOBS_CONTEXT so the real
 * @netlify/blobs client talks to it: for the tests of what only the emulation does (its files on
 * disk, a crash mid-write, the contract suite). With msw running, bypass localhost so the Blobs
 * client is not intercepted.
 */
import {randomBytes} from 'node:crypto'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {BlobsServer} from '@netlify/blobs/server'
import {afterAll, beforeAll} from 'vitest'
import type {Store} from '@netlify/blobs'
import {prepareLocalBlobs, useStoreFactory, type StoreFactory, type StoreLister} from '#netlify/platform/blobs'
import {memoryStore} from './memory-blobs'

export async function startBlobs(): Promise<{stop: () => Promise<void>; directory: string}> {
  const directory = mkdtempSync(join(tmpdir(), 'blobs-'))
  const token = randomBytes(16).toString('hex')
  prepareLocalBlobs(directory, 'test-site')
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

/** The factory installed by startMemoryBlobs (null: the emulation or Netlify Blobs). */
let installed: StoreFactory | null = null
let installedLister: StoreLister | null = null

/** Installs fresh in-memory stores (one per name) until `stop()`. */
export function startMemoryBlobs(): {stop: () => void} {
  const stores = new Map<string, ReturnType<typeof memoryStore>>()
  installed = (name) => {
    let store = stores.get(name)
    if (!store) stores.set(name, (store = memoryStore(name)))
    return store
  }
  installedLister = async () => [...stores.keys()]
  useStoreFactory(installed, installedLister)
  return {
    stop: () => {
      installed = null
      useStoreFactory(null)
    },
  }
}

/**
 * Storage that cannot be reached, as when Netlify Blobs is down: every call of every store (or
 * of the stores named in `only`, the others as before) rejects with a network error until the
 * returned `restore()`, which brings back the stores of before (in-memory or the emulation).
 */
export function storageDown(options: {only?: string[]} = {}): {restore: () => void} {
  const down = new Proxy({} as Store, {
    get: () => () => Promise.reject(new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:9')),
  })
  const before = installed
  useStoreFactory((name) => (!options.only || options.only.includes(name) || !before ? down : before(name)))
  return {restore: () => useStoreFactory(installed, installedLister)}
}

/**
 * Registers fresh Blobs for the calling test file (before all, removed after): in-memory stores,
 * or with `emulation: true` Netlify's Blobs emulation.
 */
export function useBlobs(options: {emulation?: boolean} = {}): void {
  let blobs: {stop: () => unknown} | undefined
  beforeAll(async () => {
    blobs = options.emulation ? await startBlobs() : startMemoryBlobs()
  })
  afterAll(async () => {
    await blobs?.stop()
  })
}
