/**
 * vitest global setup: the integration tests that run the built site in a child process
 * (tests/helpers/server-process.ts) need web/build. This builds it (`npm run build`) when it is
 * missing or older than any source file under web/, netlify/ or schemas/, so `npm run test:unit`
 * works on a fresh clone and never tests a stale build. The build is the production one
 * (NODE_ENV=production), exactly what `npm start` serves.
 */
import {execFileSync} from 'node:child_process'
import {existsSync, readdirSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
const builtHandler = join(root, 'web/build/server/server.js')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    if (entry.name === 'build' || entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

export default function ensureBuild(): void {
  const sources = Math.max(...['web', 'netlify', 'schemas'].map((dir) => newestMtime(join(root, dir))))
  if (existsSync(builtHandler) && statSync(builtHandler).mtimeMs >= sources) return
  console.log('[ensure-build] web/build is missing or stale: npm run build')
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync('npm', ['run', 'build'], {cwd: root, stdio: 'inherit', env: {...process.env, NODE_ENV: 'production'}})
}
