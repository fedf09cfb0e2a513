import {describe, expect, it, vi} from 'vitest'
import {createHttpTransport, UploadError, uploadFile, type UploadTransport} from '~/lib/upload-client'

const file = (size: number, name = 'passport.pdf', type = 'application/pdf') => Object.assign(new Blob([new Uint8Array(size)], {type}), {name})

/**
 * A transport that records the calls; `fail` decides, per call, what goes wrong. A chunk is in
 * flight until the next microtask (no clock), or with `holdChunks` until the upload is aborted.
 * `chunkStarted` settles when the first chunk is sent.
 */
function fakeTransport(
  options: {chunkSize?: number; holdChunks?: boolean; fail?: (call: string, index?: number, attempt?: number) => UploadError | null} = {},
) {
  const chunkSize = options.chunkSize ?? 10
  const calls: string[] = []
  let markChunkStarted!: () => void
  const chunkStarted = new Promise<void>((resolve) => (markChunkStarted = resolve))
  const attempts = new Map<string, number>()
  const failFor = (call: string, index?: number) => {
    const key = `${call}:${index ?? ''}`
    const attempt = (attempts.get(key) ?? 0) + 1
    attempts.set(key, attempt)
    return options.fail?.(call, index, attempt) ?? null
  }
  const transport: UploadTransport = {
    async start(body) {
      calls.push(`start ${body.fileName} ${body.size} ${body.contentType}`)
      const error = failFor('start')
      if (error) throw error
      return {uploadId: 'upl_aaaaaaaaaaaaaaaaaaaa', chunkSize}
    },
    async putChunk(uploadId, index, chunk, onProgress, signal) {
      calls.push(`chunk ${index} ${chunk.size}`)
      markChunkStarted()
      onProgress(Math.floor(chunk.size / 2))
      await new Promise<void>((resolve, reject) => {
        signal?.addEventListener('abort', () => {
          calls.push(`chunk ${index} cancelled`)
          reject(new UploadError('Upload cancelled', null, true))
        })
        if (!options.holdChunks) queueMicrotask(resolve)
      })
      const error = failFor('chunk', index)
      if (error) throw error
      onProgress(chunk.size)
    },
    async complete(uploadId) {
      calls.push('complete')
      const error = failFor('complete')
      if (error) throw error
      return {uploadId, fileName: 'passport.pdf', contentType: 'application/pdf', size: 25}
    },
  }
  return {transport, calls, chunkStarted}
}

describe('uploadFile', () => {
  it('sends the file in chunks of the size the server gives, then completes', async () => {
    const {transport, calls} = fakeTransport({chunkSize: 10})
    const progress: number[] = []
    const result = await uploadFile(file(25), {transport, onProgress: (p) => progress.push(p.loaded)})
    expect(calls).toEqual(['start passport.pdf 25 application/pdf', 'chunk 0 10', 'chunk 1 10', 'chunk 2 5', 'complete'])
    expect(result.uploadId).toBe('upl_aaaaaaaaaaaaaaaaaaaa')
    expect(progress[0]).toBe(0)
    expect(progress.at(-1)).toBe(25)
    expect(progress).toEqual([...progress].sort((a, b) => a - b)) // never backwards
  })

  it('retries a failed chunk once', async () => {
    const {transport, calls} = fakeTransport({
      fail: (call, index, attempt) => (call === 'chunk' && index === 1 && attempt === 1 ? new UploadError('down', 503) : null),
    })
    await uploadFile(file(25), {transport, retryDelayMs: 0})
    expect(calls.filter((c) => c.startsWith('chunk 1'))).toHaveLength(2)
    expect(calls.at(-1)).toBe('complete')
  })

  it('gives up after the second failure of a chunk, with the message', async () => {
    const {transport, calls} = fakeTransport({fail: (call, index) => (call === 'chunk' && index === 0 ? new UploadError('Network down') : null)})
    await expect(uploadFile(file(25), {transport, retryDelayMs: 0})).rejects.toMatchObject({message: 'Network down', aborted: false})
    expect(calls.filter((c) => c.startsWith('chunk 0'))).toHaveLength(2)
    expect(calls).not.toContain('complete')
  })

  it('does not retry a final answer (415)', async () => {
    const {transport, calls} = fakeTransport({fail: (call) => (call === 'complete' ? new UploadError('"passport.pdf" is not a valid PDF file', 415) : null)})
    await expect(uploadFile(file(25), {transport, retryDelayMs: 0})).rejects.toMatchObject({status: 415})
    expect(calls.filter((c) => c === 'complete')).toHaveLength(1)
  })

  it('stops when aborted (the visitor removed the file), cancelling the chunk in flight', async () => {
    const {transport, calls, chunkStarted} = fakeTransport({holdChunks: true})
    const controller = new AbortController()
    const promise = uploadFile(file(25), {transport, signal: controller.signal})
    await chunkStarted
    expect(calls.at(-1)).toBe('chunk 0 10')
    controller.abort()
    await expect(promise).rejects.toMatchObject({aborted: true})
    expect(calls).toContain('chunk 0 cancelled')
    expect(calls).not.toContain('chunk 1 10')
    expect(calls).not.toContain('complete')
  })
})

describe('createHttpTransport (fetch)', () => {
  it('reports the server message of an error answer', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({error: 'Unknown upload'}), {status: 404, headers: {'Content-Type': 'application/json'}}))
    const transport = createHttpTransport({fetch, useXhr: false})
    await expect(transport.complete('upl_x')).rejects.toMatchObject({message: 'Unknown upload', status: 404})
    expect(fetch).toHaveBeenCalledWith('/api/enroll/upload/upl_x/complete', expect.objectContaining({method: 'POST'}))
  })
  it('turns a network failure into a retryable error', async () => {
    const transport = createHttpTransport({fetch: async () => Promise.reject(new TypeError('fetch failed')), useXhr: false})
    const error = await transport.start({fileName: 'a.pdf', size: 1, contentType: ''}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UploadError)
    expect((error as UploadError).retryable).toBe(true)
  })
})
