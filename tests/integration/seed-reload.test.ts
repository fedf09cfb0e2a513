/**
 * The embedded content source reads the seed file once per process in production (and computes
 * each query result once, in a bounded memo) and, in development, again after the file changes ("editing the seed dataset file shows up
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
  const {fetchContent} = await import('#netlify/platform/content/client')
  const {SITE_SETTINGS_QUERY} = await import('#netlify/platform/content/queries')
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

  it('in production, a query result is computed once, shared and frozen', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const {fetchContent} = await import('#netlify/platform/content/client')
    const {CATEGORY_PAGE_QUERY} = await import('#netlify/platform/content/queries')
    const first = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'stcw-courses'})
    const second = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'stcw-courses'})
    const other = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'pre-sea-training'})
    expect(second).toBe(first)
    expect(other).not.toBe(first)
    expect(other.category?.id).toBe('pre-sea-training')
    expect(Object.isFrozen(first.category?.courses?.[0])).toBe(true)
    expect(() => first.category?.courses?.push(first.category.courses[0]!)).toThrow(TypeError)
  })

  it('in production, the memo stays bounded whatever parameters requests bring', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const {fetchContent, SEED_RESULT_MEMO_SIZE} = await import('#netlify/platform/content/client')
    const {CATEGORY_PAGE_QUERY} = await import('#netlify/platform/content/queries')
    const first = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'stcw-courses'})
    for (let i = 0; i < SEED_RESULT_MEMO_SIZE; i++) await fetchContent(CATEGORY_PAGE_QUERY, {category: `unknown-${i}`})
    // The oldest entry was evicted: the same query gives an equal, newly computed result.
    const again = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'stcw-courses'})
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
  })
})
