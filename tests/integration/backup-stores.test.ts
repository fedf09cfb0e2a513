/**
 * No store is forgotten by the backup: the stores the code opens (every `openStore(…)` under
 * netlify/, its argument resolved to a store name) each get a blob, and the backup's manifest
 * lists every one of them — because the backup lists stores instead of naming them. An
 * `openStore` argument this test cannot resolve fails it, so a new way of naming a store is seen.
 */
import {randomBytes} from 'node:crypto'
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, describe, expect, it} from 'vitest'
import {openStore, STORES} from '#netlify/platform/blobs'
import {EXCLUDED_STORES, runBackup} from '#netlify/services/backup/backup'
import {backupKey} from '#netlify/services/backup/crypto'
import {folderTarget} from '#netlify/services/backup/targets'
import {useBlobs} from '../helpers/blobs'

useBlobs()

const root = fileURLToPath(new URL('../../', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'backup-stores-'))
afterAll(() => rmSync(work, {recursive: true, force: true}))

/** Arguments that pass a store name through (the generic code of the platform and the backup itself). */
const PASS_THROUGH = new Set(['', 'name', 'store', 'blob.store', 'name: StoreName | string', 'this.storeName'])

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(entry) ? [path] : []
  })
}

/** The store names the code opens, by resolving each `openStore(arg)` of netlify/. */
function storesTheCodeOpens(): {names: Set<string>; unresolved: string[]} {
  const files = sources(join(root, 'netlify'))
  const text = files.map((file) => readFileSync(file, 'utf8')).join('\n')
  const constants = new Map([...text.matchAll(/export const ([A-Z_]+) = '([a-z0-9-]+)'/g)].map((m) => [m[1]!, m[2]!]))
  const names = new Set<string>()
  const unresolved: string[] = []
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/openStore\(([^)]*)\)/g)) {
      const arg = match[1]!.trim()
      if (PASS_THROUGH.has(arg)) continue
      const viaStores = /^STORES\.(\w+)$/.exec(arg)
      const name = viaStores ? (STORES as Record<string, string>)[viaStores[1]!] : (/^'([a-z0-9-]+)'$/.exec(arg)?.[1] ?? constants.get(arg))
      if (name) names.add(name)
      else unresolved.push(`${relative(root, file)}: openStore(${arg})`)
    }
  }
  return {names, unresolved}
}

describe('the backup and the stores the code opens', () => {
  it('archives every store the code opens (the backup’s own state aside)', async () => {
    const {names, unresolved} = storesTheCodeOpens()
    expect(unresolved).toEqual([])
    // Sanity: the scan finds the stores it must (not an empty set that trivially passes).
    for (const known of ['enrolments', 'uploads', 'audit', 'staff', 'enrolment-index', 'receipt-numbers', 'certificates']) expect(names).toContain(known)
    for (const name of names) await openStore(name).setJSON('coverage-probe', {store: name})

    const key = backupKey(randomBytes(32).toString('base64'))
    const {manifest} = await runBackup({config: {key, keys: [key], target: folderTarget(join(work, 'target'))}, retryDelayMs: () => 0})
    const expected = [...names].filter((name) => !EXCLUDED_STORES.includes(name)).sort()
    expect(expected.filter((name) => !manifest.stores[name])).toEqual([])
    for (const name of expected) expect(manifest.stores[name]!.keys).toBeGreaterThanOrEqual(1)
  })
})
