/**
 * The repository deploys as one Netlify site (docs/decisions/007-one-netlify-site.md): no
 * workspace that Netlify's build would take for a monorepo, and the Studio's packages come from
 * the root install, so the root must declare every one of them at the Studio's version.
 * The build itself is checked by .ci/netlify-build-check.sh (npm run netlify:check).
 */
import {existsSync, readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'

type Manifest = {workspaces?: unknown; dependencies?: Record<string, string>; devDependencies?: Record<string, string>}
const read = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest

const root = read('package.json')
const studio = read('studio/package.json')

describe('one Netlify site at the repository root', () => {
  it('has no npm, yarn or pnpm workspace (Netlify would build studio/ as the site)', () => {
    expect(root.workspaces).toBeUndefined()
    expect(existsSync('pnpm-workspace.yaml')).toBe(false)
    expect(existsSync('studio/package-lock.json')).toBe(false)
  })

  it('declares every Studio dependency at the root, at the same exact version', () => {
    const rootVersions = {...root.dependencies, ...root.devDependencies}
    const studioDeps = Object.entries(studio.dependencies ?? {})
    expect(studioDeps.length).toBeGreaterThan(0)
    for (const [name, version] of studioDeps) {
      expect(version, `studio/package.json pins ${name} exactly`).toMatch(/^\d+\.\d+\.\d+$/)
      expect(rootVersions[name], `${name} in the root package.json`).toBe(version)
    }
  })
})

describe('files the deployed functions read at run time', () => {
  it('netlify.toml includes the seed dataset, its images and videos and the receipt fonts (FONT_FILES_GLOB)', async () => {
    const {FONT_FILES_GLOB} = await import('#netlify/services/receipts/pdf-text')
    const toml = readFileSync('netlify.toml', 'utf8')
    const included = /^\s*included_files\s*=\s*(\[.*\])\s*$/m.exec(toml)?.[1]
    expect(JSON.parse(included ?? '[]')).toEqual(['studio/seed/production.ndjson', 'studio/seed/assets/**', FONT_FILES_GLOB])
  })
})
