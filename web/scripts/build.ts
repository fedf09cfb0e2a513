/**
 * The production build of the site (`npm run build`) and the one rule of when it is current.
 *
 *   tsx web/scripts/build.ts             builds: Remix + Vite (web/build/{client,server} and the
 *                                        adapter's .netlify/functions-internal/remix-server.mjs),
 *                                        then the brotli/gzip copies (./precompress.ts)
 *   tsx web/scripts/build.ts --if-stale  builds only when the build is not current (`npm run test:e2e`)
 *
 * A build is current when its outputs exist and its stamp, web/build/.sources-sha256 (written
 * after a build succeeds), holds the hash of the build's inputs as they were when that build
 * started: the contents of web/, netlify/ and schemas/ (tests, dot files and build output left
 * out), package.json, package-lock.json, tsconfig.json, the root .env files Vite reads in
 * production mode, and the Node.js version. Contents, not modification times: a fresh clone, a
 * checkout or a tool that rewrites a file unchanged gives new mtimes to the same sources, and an
 * edit may keep an old one. So whatever built the site — `npm run build`, Netlify's build running
 * it (the CI's Netlify check), the vitest global setup (tests/helpers/ensure-build.ts, which runs
 * `--if-stale`) — the tests reuse that build, and never one of other sources.
 *
 * Every child runs with NODE_ENV=production (vitest sets NODE_ENV=test, which would make Vite
 * bundle React's development build): the build is exactly what `npm start` serves.
 */
import {spawnSync} from 'node:child_process'
import {createHash} from 'node:crypto'
import {closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync} from 'node:fs'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {precompress} from './precompress'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Folders and files whose contents make the build (relative to the repository root). */
export const BUILD_INPUTS = [
  'web',
  'netlify',
  'schemas',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
]

/** What a build writes and the local server, the tests and Netlify's packaging read; all must exist. */
export const BUILD_OUTPUTS = ['web/build/server/server.js', 'web/build/client', '.netlify/functions-internal/remix-server.mjs']

/** The stamp: the sources hash of the build in web/build. */
export const STAMP_FILE = 'web/build/.sources-sha256'

/**
 * Held while a build runs (the process id inside), so that two builds of one tree — the CI's
 * Netlify check and the tests beside it — never write web/build at once: the second waits, then
 * finds the first one's build current. Outside web/build, which the build empties.
 */
export const LOCK_FILE = 'web/.build-lock'

/** Whether process `pid` is running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Runs `work` holding the build lock of `base`; waits (polling every 200 ms, at most `waitMs`)
 * while another running process holds it. A lock left by a process that ended is taken over.
 * Throws when the wait times out.
 */
export function withBuildLock<T>(work: () => T, base = root, waitMs = 10 * 60_000): T {
  const path = join(base, LOCK_FILE)
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(readFileSync(path, 'utf8').trim())
      if (!holder || !running(holder)) {
        rmSync(path, {force: true})
        continue
      }
      if (Date.now() > deadline) throw new Error(`another build (process ${holder}) still holds ${LOCK_FILE}`)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200)
    }
  }
  try {
    return work()
  } finally {
    rmSync(path, {force: true})
  }
}

/** Left out of the hash: build output, installs, dot files (caches, editors) and tests, which no build imports. */
const skipped = (name: string) => name === 'build' || name === 'node_modules' || name.startsWith('.') || /\.test\.tsx?$/.test(name)

function* inputFiles(path: string): Generator<string> {
  const entries = readdirSync(path, {withFileTypes: true})
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (skipped(entry.name)) continue
    const child = join(path, entry.name)
    if (entry.isDirectory()) yield* inputFiles(child)
    else if (entry.isFile()) yield child
  }
}

/**
 * SHA-256 (hex) of the build's inputs under `base` (BUILD_INPUTS, in a fixed order: each file's
 * path relative to `base` and its bytes) and the running Node.js version. Missing inputs count as
 * absent. Reads about 3 MB: tens of milliseconds.
 */
export function sourcesHash(base = root): string {
  const hash = createHash('sha256').update(`node ${process.version}\0`)
  for (const input of BUILD_INPUTS) {
    const path = join(base, input)
    if (!existsSync(path)) continue
    const files = statSync(path).isDirectory() ? [...inputFiles(path)] : [path]
    for (const file of files) {
      const bytes = readFileSync(file)
      hash.update(`${relative(base, file).replaceAll('\\', '/')}\0${bytes.length}\0`).update(bytes)
    }
  }
  return hash.digest('hex')
}

/** Why the build under `base` is not current (missing output, no stamp, other sources), or null when it is. */
export function staleReason(base = root): string | null {
  const missing = BUILD_OUTPUTS.find((output) => !existsSync(join(base, output)))
  if (missing) return `${missing} is missing`
  const stampPath = join(base, STAMP_FILE)
  if (!existsSync(stampPath)) return `${STAMP_FILE} is missing`
  if (readFileSync(stampPath, 'utf8').trim() !== sourcesHash(base)) return 'the sources changed since it was built'
  return null
}

/**
 * Builds the site (see the module comment) and stamps it with the hash of the sources as they
 * were when the build started. Throws when a step fails; the stamp is removed first, so a failed
 * or interrupted build is never current.
 */
export function buildSite(base = root): void {
  withBuildLock(() => buildUnlocked(base), base)
}

function buildUnlocked(base: string): void {
  const hash = sourcesHash(base)
  rmSync(join(base, STAMP_FILE), {force: true})
  const remix = spawnSync(join(base, 'node_modules/.bin/remix'), ['vite:build', '--config', 'web/vite.config.ts'], {
    cwd: base,
    stdio: 'inherit',
    env: {...process.env, NODE_ENV: 'production'},
  })
  if (remix.status !== 0) throw new Error(`remix vite:build failed (${remix.error?.message ?? `exit ${remix.status ?? remix.signal}`})`)
  const clientDir = join(base, 'web/build/client')
  const {files, bytes, brotliBytes} = precompress(clientDir)
  console.log(`precompress: ${files} files, ${(bytes / 1000).toFixed(0)} KB → ${(brotliBytes / 1000).toFixed(0)} KB brotli (${clientDir})`)
  writeFileSync(join(base, STAMP_FILE), `${hash}\n`)
}

/** Builds unless the build is current; says which and why on stdout. */
export function ensureCurrentBuild(base = root): void {
  withBuildLock(() => {
    const reason = staleReason(base)
    if (!reason) {
      console.log(`build: web/build is current (${STAMP_FILE} matches the sources): not built again`)
      return
    }
    console.log(`build: building, ${reason}`)
    buildUnlocked(base)
  }, base)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2)
  const unknown = args.filter((arg) => arg !== '--if-stale')
  if (unknown.length) {
    console.error(`build: unknown argument ${unknown.join(' ')} (usage: tsx web/scripts/build.ts [--if-stale])`)
    process.exit(2)
  }
  try {
    if (args.includes('--if-stale')) ensureCurrentBuild()
    else buildSite()
  } catch (error) {
    console.error(`build: ${(error as Error).message}`)
    process.exit(1)
  }
}
