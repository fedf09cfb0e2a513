/** web/scripts/build.ts: one build of a tree at a time (the CI's Netlify check and the tests beside it). */
import {spawn, spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {LOCK_FILE, withBuildLock} from '~/../scripts/build'

const buildModule = fileURLToPath(new URL('../../web/scripts/build.ts', import.meta.url))

function tree(): string {
  const base = mkdtempSync(join(tmpdir(), 'build-lock-'))
  mkdirSync(join(base, 'web'))
  return base
}

describe('withBuildLock', () => {
  it('takes over a lock left by a process that has ended, and releases it after the work', () => {
    const base = tree()
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {encoding: 'utf8'})
    writeFileSync(join(base, LOCK_FILE), ended.stdout)
    expect(withBuildLock(() => 'built', base, 0)).toBe('built')
    expect(existsSync(join(base, LOCK_FILE))).toBe(false)
  })

  it('waits for a running holder and gives up with a clear error when it does not let go', () => {
    const base = tree()
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'])
    try {
      writeFileSync(join(base, LOCK_FILE), String(holder.pid))
      let ran = false
      expect(() => withBuildLock(() => (ran = true), base, 300)).toThrow(`another build (process ${holder.pid}) still holds ${LOCK_FILE}`)
      expect(ran).toBe(false)
    } finally {
      holder.kill()
    }
  })

  it('two processes building the same tree at once take turns', async () => {
    const base = tree()
    const log = join(base, 'log')
    writeFileSync(log, '')
    // Each writes "start", spends 300 ms, writes "end", under the lock.
    const script = `
      import {appendFileSync} from 'node:fs'
      import {withBuildLock} from ${JSON.stringify(buildModule)}
      withBuildLock(() => {
        appendFileSync(${JSON.stringify(log)}, 'start\\n')
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300)
        appendFileSync(${JSON.stringify(log)}, 'end\\n')
      }, ${JSON.stringify(base)})`
    const run = () =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {stdio: 'inherit'})
        child.on('exit', resolve)
      })
    expect(await Promise.all([run(), run()])).toEqual([0, 0])
    expect(readFileSync(log, 'utf8')).toBe('start\nend\nstart\nend\n')
  })
})
