/**
 * Where the local image endpoint keeps its renditions (never in the repository): next to the
 * Blobs emulation's folder, `<BLOBS_DIR>-image-cache` (default .netlify/blobs-serve-image-cache,
 * git-ignored); on Netlify's runtime (read-only /var/task) the system's temporary folder.
 */
import {tmpdir} from 'node:os'
import {resolve} from 'node:path'
import {getEnv} from '#netlify/platform/env'

export function imageCacheDir(): string {
  const env = getEnv()
  if (env.AWS_LAMBDA_FUNCTION_NAME || env.LAMBDA_TASK_ROOT) return resolve(tmpdir(), 'seed-image-cache')
  return `${resolve(process.cwd(), env.BLOBS_DIR).replace(/[/\\]+$/, '')}-image-cache`
}
