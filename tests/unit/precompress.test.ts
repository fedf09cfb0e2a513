/**
 * web/scripts/precompress.ts: brotli and gzip copies of the client build's text assets, which
 * web/server.ts sends instead of compressing per request.
 */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {brotliDecompressSync, gunzipSync} from 'node:zlib'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
// eslint-disable-next-line no-restricted-imports -- the build scripts (web/scripts) are outside the aliased areas
import {MIN_BYTES, precompress} from '../../web/scripts/precompress'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'))
  mkdirSync(join(dir, 'assets'))
})
afterEach(() => rmSync(dir, {recursive: true, force: true}))

describe('precompress', () => {
  it('writes .br and .gz copies that decompress to the very bytes of each text asset', () => {
    const js = Buffer.from('export const greeting = "ahoy";\n'.repeat(200))
    writeFileSync(join(dir, 'assets', 'entry-abc.js'), js)
    writeFileSync(join(dir, 'assets', 'site-abc.css'), 'body{margin:0}\n'.repeat(200))
    const result = precompress(dir)
    expect(result.files).toBe(2)
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'entry-abc.js.br')))).toEqual(js)
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'entry-abc.js.gz')))).toEqual(js)
    expect(existsSync(join(dir, 'assets', 'site-abc.css.br'))).toBe(true)
    expect(result.brotliBytes).toBeLessThan(result.bytes)
  })

  it('leaves small files, images and existing copies alone', () => {
    writeFileSync(join(dir, 'tiny.js'), 'x'.repeat(MIN_BYTES - 1))
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(5000, 7))
    writeFileSync(join(dir, 'assets', 'a.js'), 'let a = 1;\n'.repeat(500))
    precompress(dir)
    const again = precompress(dir)
    expect(again.files).toBe(1)
    expect(existsSync(join(dir, 'tiny.js.br'))).toBe(false)
    expect(existsSync(join(dir, 'photo.png.br'))).toBe(false)
    expect(existsSync(join(dir, 'assets', 'a.js.br.br'))).toBe(false)
  })
})
