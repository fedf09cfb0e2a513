/**
 * An in-memory Blobs store with the part of @netlify/blobs' `Store` interface the site uses:
 * get / getWithMetadata / getMetadata (types json, text, arrayBuffer, blob), set / setJSON with
 * metadata and the conditional writes (`onlyIfNew`, `onlyIfMatch` on an ETag), delete, and list
 * (prefix, paginate) in key order. Service tests run on it (no HTTP, no disk);
 * tests/integration/blobs-contract.test.ts runs one suite on it and on Netlify's emulation, so
 * both behave alike where the site depends on them.
 */
import type {Store} from '@netlify/blobs'

type Entry = {bytes: Uint8Array; etag: string; metadata: Record<string, unknown>}
type ReadType = 'json' | 'text' | 'arrayBuffer' | 'blob'
type WriteOptions = {metadata?: Record<string, unknown>; onlyIfNew?: boolean; onlyIfMatch?: string}

/** One page of a listing (the emulation's page size is larger; nothing depends on it). */
const PAGE_SIZE = 1000

let etags = 0

function toBytes(data: string | ArrayBuffer | ArrayBufferView | Blob): Promise<Uint8Array> | Uint8Array {
  if (typeof data === 'string') return new TextEncoder().encode(data)
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0))
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength))
  return data.arrayBuffer().then((buffer) => new Uint8Array(buffer))
}

function read(entry: Entry, type: ReadType | undefined): unknown {
  const copy = entry.bytes.slice()
  switch (type) {
    case 'json':
      return JSON.parse(new TextDecoder().decode(copy))
    case 'arrayBuffer':
      return copy.buffer
    case 'blob':
      return new Blob([copy])
    default:
      return new TextDecoder().decode(copy)
  }
}

/** A fresh, empty store. Each call is independent; `name` only labels errors. */
export function memoryStore(name: string): Store {
  const entries = new Map<string, Entry>()
  const clone = (metadata: Record<string, unknown>) => structuredClone(metadata)

  async function write(key: string, data: string | ArrayBuffer | ArrayBufferView | Blob, options: WriteOptions = {}) {
    if (!key) throw new Error(`Blobs store "${name}": a key is required`)
    const bytes = await toBytes(data)
    const current = entries.get(key)
    if (options.onlyIfNew && current) return {modified: false}
    if (options.onlyIfMatch !== undefined && current?.etag !== options.onlyIfMatch) return {modified: false}
    const etag = `"m${++etags}"`
    entries.set(key, {bytes, etag, metadata: clone(options.metadata ?? {})})
    return {modified: true, etag}
  }

  async function* pages(prefix: string) {
    const keys = [...entries.keys()].filter((key) => key.startsWith(prefix)).sort()
    for (let i = 0; i < keys.length || i === 0; i += PAGE_SIZE) {
      yield {
        blobs: keys.slice(i, i + PAGE_SIZE).flatMap((key) => {
          const entry = entries.get(key)
          return entry ? [{key, etag: entry.etag}] : []
        }),
        directories: [] as string[],
      }
    }
  }

  const store = {
    async get(key: string, options: {type?: ReadType} = {}) {
      const entry = entries.get(key)
      return entry ? read(entry, options.type) : null
    },
    async getWithMetadata(key: string, options: {type?: ReadType} = {}) {
      const entry = entries.get(key)
      return entry ? {data: read(entry, options.type), etag: entry.etag, metadata: clone(entry.metadata)} : null
    },
    async getMetadata(key: string) {
      const entry = entries.get(key)
      return entry ? {etag: entry.etag, metadata: clone(entry.metadata)} : null
    },
    set: write,
    setJSON(key: string, value: unknown, options?: WriteOptions) {
      return write(key, JSON.stringify(value), options)
    },
    async delete(key: string) {
      entries.delete(key)
    },
    list(options: {prefix?: string; paginate?: boolean} = {}) {
      const iterator = pages(options.prefix ?? '')
      if (options.paginate) return iterator
      return (async () => {
        const result = {blobs: [] as Array<{key: string; etag: string}>, directories: [] as string[]}
        for await (const page of iterator) result.blobs.push(...page.blobs)
        return result
      })()
    },
  }
  return store as unknown as Store
}
