/**
 * The built site served as `npm start` serves it (web/server.ts), in a child process, for
 * integration tests that must go through the real local server: its router, its body
 * handling, its Blobs emulation and its start-up work. Needs a build (web/build); the vitest
 * global setup (tests/helpers/ensure-build.ts) makes one when it is missing.
 *
 * `startServer()` resolves once the server prints "Site ready"; `waitForOutput(pattern)` waits
 * for a later line (e.g. a start-up task's log); `stop()` ends it with SIGTERM, `kill()` with
 * SIGKILL (a crash: nothing is flushed). Pass the same `blobsDir` to a second
 * server to restart on the same stored data.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {mkdtempSync} from 'node:fs'
import {createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

export type ServerProcess = {
  /** e.g. http://localhost:41234 */
  url: string
  port: number
  blobsDir: string
  /** The Blobs emulation's port and token (read what the site stored with @netlify/blobs). */
  blobs: {port: number; token: string; siteID: string}
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string
  /**
   * Resolves with the output once it matches `pattern` (at once if it already does); rejects
   * with the output if the server exits first or after `timeoutMs` (default 30 s, a safety net).
   */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<string>
  stop: () => Promise<void>
  kill: () => Promise<void>
}

/** A free TCP port on localhost. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/**
 * Starts web/server.ts with `env` added to this process's environment (ADMIN_* and the like).
 * Rejects with the server's output when it does not become ready within `timeoutMs`.
 */
export async function startServer(options: {env?: Record<string, string>; blobsDir?: string; timeoutMs?: number} = {}): Promise<ServerProcess> {
  const port = await freePort()
  const blobsPort = await freePort()
  const blobsToken = 'server-process-token'
  const blobsDir = options.blobsDir ?? mkdtempSync(join(tmpdir(), 'site-blobs-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'web/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NETLIFY_BLOBS_CONTEXT: '',
      ...options.env,
      PORT: String(port),
      BLOBS_DIR: blobsDir,
      BLOBS_PORT: String(blobsPort),
      BLOBS_TOKEN: blobsToken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`web/server.ts did not start within ${options.timeoutMs ?? 60_000} ms:\n${output}`))
    }, options.timeoutMs ?? 60_000)
    const onData = () => {
      if (output.includes('Site ready')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`web/server.ts exited (${code ?? signal}) before it was ready:\n${output}`))
    })
  })

  return {
    url: `http://localhost:${port}`,
    port,
    blobsDir,
    blobs: {port: blobsPort, token: blobsToken, siteID: 'local-site'},
    output: () => output,
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      new Promise<string>((resolve, reject) => {
        if (pattern.test(output)) return resolve(output)
        const done = (error?: Error) => {
          clearTimeout(timer)
          child.stdout!.off('data', onData)
          child.stderr!.off('data', onData)
          child.off('exit', onExit)
          if (error) reject(error)
          else resolve(output)
        }
        const onData = () => {
          if (pattern.test(output)) done()
        }
        const onExit = () => done(new Error(`web/server.ts exited before printing ${pattern}:\n${output}`))
        const timer = setTimeout(() => done(new Error(`web/server.ts did not print ${pattern} within ${timeoutMs} ms:\n${output}`)), timeoutMs)
        child.stdout!.on('data', onData)
        child.stderr!.on('data', onData)
        child.once('exit', onExit)
      }),
    stop: async () => {
      child.kill('SIGTERM')
      await exited(child)
    },
    kill: async () => {
      child.kill('SIGKILL')
      await exited(child)
    },
  }
}
