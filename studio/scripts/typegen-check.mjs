/**
 * Fails when the generated files (schemas/schema.json, web/app/lib/sanity.types.ts) are not
 * what `npm run typegen` produces from the current schema and queries: regenerates them and
 * compares with what was there before. Offline. Exit code 1 names the stale files.
 */
import {execSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
const files = ['schemas/schema.json', 'web/app/lib/sanity.types.ts']
const read = (file) => {
  try {
    return readFileSync(root + file, 'utf8')
  } catch {
    return null
  }
}

const before = files.map(read)
execSync('npm run typegen --silent', {cwd: root, stdio: ['ignore', 'ignore', 'inherit']})
const stale = files.filter((file, i) => read(file) !== before[i])
if (stale.length) {
  console.error(`typegen:check: out of date (now regenerated, review and commit): ${stale.join(', ')}`)
  process.exit(1)
}
console.log(`typegen:check: ${files.join(', ')} are up to date`)
