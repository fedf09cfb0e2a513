/** web/app/lib/preload-priority.server.ts: module preloads at low fetch priority, whatever the chunking. */
import {Readable} from 'node:stream'
import {describe, expect, it} from 'vitest'
import {lowPriorityModulePreloads} from '~/lib/preload-priority.server'

const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"/></head><body><h1>Ocean — navigation “basics”</h1>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/site.js"/>' +
  '<script type="module">import "/assets/entry.client.js"</script></body></html>'

/** Streams `bytes` through the transform in chunks of `size` bytes and returns the text. */
async function through(bytes: Buffer, size: number): Promise<string> {
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
  const out: Buffer[] = []
  for await (const chunk of Readable.from(chunks).pipe(lowPriorityModulePreloads())) out.push(chunk as Buffer)
  return Buffer.concat(out).toString('utf8')
}

describe('lowPriorityModulePreloads', () => {
  it('marks every module preload low priority and changes nothing else', async () => {
    const html = await through(Buffer.from(PAGE), 64 * 1024)
    expect(html.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2)
    expect(html.replaceAll(' fetchpriority="low"', '')).toBe(PAGE)
  })

  it('gives the same result however the bytes are split (tags and UTF-8 characters across chunks)', async () => {
    const expected = await through(Buffer.from(PAGE), 64 * 1024)
    for (const size of [1, 2, 3, 5, 7, 13, 24, 25, 26, 100]) {
      expect(await through(Buffer.from(PAGE), size), `chunks of ${size}`).toBe(expected)
    }
  })

  it('passes a page without preloads through unchanged', async () => {
    const page = '<html><body><p>No scripts <link rel="stylesheet" href="/x.css"></p></body></html>'
    expect(await through(Buffer.from(page), 4)).toBe(page)
  })
})
