/**
 * The in-memory Blobs store of the service tests (tests/helpers/memory-blobs.ts) and Netlify's
 * own emulation answer alike where the site depends on them: reads by type, metadata, the
 * conditional writes, deletes, listings by prefix and page, and updateJSON under a race. The same
 * suite runs on both. (One difference is left out on purpose: the emulation answers reads without
 * an ETag, where Netlify Blobs gives one; the in-memory store gives one too, so there updateJSON's
 * `onlyIfMatch` is really conditional, as in production.)
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {openStore, updateJSON} from '#netlify/platform/blobs'
import {startBlobs, startMemoryBlobs} from '../helpers/blobs'

const kinds = [
  ['in-memory store', async () => startMemoryBlobs()],
  ['Netlify Blobs emulation', async () => startBlobs()],
] as const

describe.each(kinds)('%s', (_name, start) => {
  let stop: () => unknown
  beforeAll(async () => {
    stop = (await start()).stop
  })
  afterAll(async () => {
    await stop()
  })
  const store = () => openStore('contract-suite')

  it('reads what was written, as JSON, text and bytes; an unknown key is null', async () => {
    await store().setJSON('a/json', {n: 1, list: ['x']})
    await store().set('a/bytes', new Uint8Array([1, 2, 255]).buffer)
    expect(await store().get('a/json', {type: 'json'})).toEqual({n: 1, list: ['x']})
    expect(await store().get('a/json', {type: 'text'})).toBe('{"n":1,"list":["x"]}')
    expect([...new Uint8Array((await store().get('a/bytes', {type: 'arrayBuffer'})) as ArrayBuffer)]).toEqual([1, 2, 255])
    expect(await store().get('a/none', {type: 'json'})).toBeNull()
    expect(await store().getWithMetadata('a/none', {type: 'json'})).toBeNull()
    expect(await store().getMetadata('a/none')).toBeNull()
  })

  it('keeps metadata; each write answers a new ETag', async () => {
    const first = await store().setJSON('m/1', {v: 1}, {metadata: {subject: 'Hello', size: 3}})
    expect(first.modified).toBe(true)
    expect(first.etag).toBeTruthy()
    expect(await store().getWithMetadata('m/1', {type: 'json'})).toMatchObject({data: {v: 1}, metadata: {subject: 'Hello', size: 3}})
    expect((await store().getMetadata('m/1'))?.metadata).toEqual({subject: 'Hello', size: 3})
    const second = await store().setJSON('m/1', {v: 2})
    expect(await store().get('m/1', {type: 'json'})).toEqual({v: 2})
    expect(second.etag).toBeTruthy()
    expect(second.etag).not.toBe(first.etag)
  })

  it('onlyIfNew writes a key once; onlyIfMatch only over the ETag it names', async () => {
    const first = await store().setJSON('c/1', {v: 1}, {onlyIfNew: true})
    expect(first.modified).toBe(true)
    expect((await store().setJSON('c/1', {v: 2}, {onlyIfNew: true})).modified).toBe(false)
    expect(await store().get('c/1', {type: 'json'})).toEqual({v: 1})
    const matched = await store().setJSON('c/1', {v: 3}, {onlyIfMatch: first.etag!})
    expect(matched.modified).toBe(true)
    expect((await store().setJSON('c/1', {v: 4}, {onlyIfMatch: first.etag!})).modified).toBe(false)
    expect(await store().get('c/1', {type: 'json'})).toEqual({v: 3})
  })

  it('deletes a key (and deleting an absent one is harmless)', async () => {
    await store().setJSON('d/1', {v: 1})
    await store().delete('d/1')
    await store().delete('d/never')
    expect(await store().get('d/1', {type: 'json'})).toBeNull()
  })

  it('lists keys by prefix, every page of them', async () => {
    await Promise.all(Array.from({length: 30}, (_, i) => store().setJSON(`l/${String(i).padStart(2, '0')}`, {i})))
    await store().setJSON('other/1', {})
    const paged: string[] = []
    for await (const page of store().list({prefix: 'l/', paginate: true})) paged.push(...page.blobs.map((blob) => blob.key))
    expect(paged.sort()).toEqual(Array.from({length: 30}, (_, i) => `l/${String(i).padStart(2, '0')}`))
    const {blobs} = await store().list({prefix: 'l/'})
    expect(blobs).toHaveLength(30)
    expect(blobs.every((blob) => blob.etag)).toBe(true)
  })

  it('updateJSON loses no change when 25 updates race on one key', async () => {
    await Promise.all(Array.from({length: 25}, (_, i) => updateJSON<{seen: number[]}>(store(), 'race/1', (current) => ({seen: [...(current?.seen ?? []), i]}))))
    const final = (await store().get('race/1', {type: 'json'})) as {seen: number[]}
    expect(final.seen.sort((a, b) => a - b)).toEqual(Array.from({length: 25}, (_, i) => i))
  })
})
