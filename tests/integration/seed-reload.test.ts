/**
 * The embedded content source reads the seed file once per process in production and, in
 * development, again after the file changes (issue 6: "editing the seed dataset file shows up
 * on the next request in dev").
 */
import {mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

const SEED = readFileSync('studio/seed/production.ndjson', 'utf8')
let dir: string
let file: string

/** Writes the seed with the company name replaced, and moves the file's mtime forward by `tick` seconds. */
function writeSeed(companyName: string, tick: number) {
  writeFileSync(file, SEED.replace('"companyName":"Maritime Training & Certification"', `"companyName":${JSON.stringify(companyName)}`))
  const when = new Date(Date.now() + tick * 1000)
  utimesSync(file, when, when)
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'seed-reload-'))
  file = join(dir, 'seed.ndjson')
  writeSeed('First Name', 0)
  vi.stubEnv('SEED_FILE', file)
  vi.stubEnv('SANITY_PROJECT_ID', '')
  vi.resetModules()
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(dir, {recursive: true, force: true})
})

async function companyName(): Promise<string | null | undefined> {
  const {fetchContent} = await import('~/lib/content.server')
  const {SITE_SETTINGS_QUERY} = await import('~/lib/queries')
  return (await fetchContent(SITE_SETTINGS_QUERY))?.companyName
}

describe('seed dataset reloading', () => {
  it('in development, an edit to the seed file shows on the next request', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    expect(SEED).toContain('"companyName":"Maritime Training & Certification"')
    expect(await companyName()).toBe('First Name')
    writeSeed('Edited Name', 5)
    expect(await companyName()).toBe('Edited Name')
  })

  it('in production, the seed is read once per process', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    expect(await companyName()).toBe('First Name')
    writeSeed('Edited Name', 5)
    expect(await companyName()).toBe('First Name')
  })
})
