/**
 * vitest global setup: the integration tests that run the built site in a child process
 * (tests/helpers/server-process.ts) need a current web/build. This runs
 * `tsx web/scripts/build.ts --if-stale`, the one rule of when a build is current (a stamp of
 * the sources' contents): it builds when web/build is missing or not the build of the sources
 * as they are, so `npm run test:unit` works on a fresh clone, reuses the build that
 * `npm run build` or the CI's Netlify check made, and never tests a stale one.
 */
import {execFileSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

export default function ensureBuild(): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'web/scripts/build.ts', '--if-stale'], {cwd: root, stdio: 'inherit'})
}
