/**
 * Fails when the committed generated files (schemas/schema.json, schemas/content/sanity.types.ts) are
 * not what `npm run typegen` produces from the current schema and queries. Generates them into a
 * temporary folder (./typegen.mjs `generate`) and compares: nothing in the tree is written, so a
 * build made before stays current (web/scripts/build.ts). Offline. Exit code 1 names the stale
 * files; `npm run typegen` rewrites them.
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {GENERATED, generate} from './typegen.mjs'

const root = fileURLToPath(new URL('../../', import.meta.url))
const read = (path) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

const outDir = mkdtempSync(join(tmpdir(), 'typegen-check-'))
let stale
try {
  const fresh = generate(outDir)
  stale = Object.keys(GENERATED).filter((key) => read(fresh[key]) === null || read(fresh[key]) !== read(join(root, GENERATED[key])))
} catch {
  process.exitCode = 1
} finally {
  rmSync(outDir, {recursive: true, force: true})
}
if (stale?.length) {
  console.error(`typegen:check: out of date: ${stale.map((key) => GENERATED[key]).join(', ')} (run npm run typegen, review and commit)`)
  process.exit(1)
}
if (stale) console.log(`typegen:check: ${Object.values(GENERATED).join(', ')} are up to date`)
