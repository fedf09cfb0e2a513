/**
 * The upload functions over Netlify's local Blobs server: start → chunks → complete, and every
 * way an upload can be refused. Also the browser client against the very same functions.
 */
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import * as chunkFn from '#netlify/functions/enrolment-upload-chunk'
import * as completeFn from '#netlify/functions/enrolment-upload-complete'
import * as startFn from '#netlify/functions/enrolment-upload-start'
import {openStore, STORES} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {createFunctionRouter, type FunctionModule} from '#netlify/platform/routes'
import {purgeStaleUploads, readUpload, resolveCompletedUploads} from '#netlify/services/uploads/uploads'
import {startBlobs, testContext} from '../helpers/blobs'
import {docBytes, docxBytes, jpgBytes, pdfBytes, pngBytes} from '../unit/uploads-fixtures'
import {createHttpTransport, uploadFile} from '~/lib/upload-client'

const MB = 1024 * 1024
const CHUNK = 4 * MB
const BASE = 'http://localhost/api/enroll/upload'

let blobs: Awaited<ReturnType<typeof startBlobs>>
beforeAll(async () => {
  blobs = await startBlobs()
})
afterAll(async () => {
  await blobs?.stop()
})

const route = createFunctionRouter([
  {file: 'enrolment-upload-start.ts', module: startFn as unknown as FunctionModule},
  {file: 'enrolment-upload-chunk.ts', module: chunkFn as unknown as FunctionModule},
  {file: 'enrolment-upload-complete.ts', module: completeFn as unknown as FunctionModule},
])

/** Calls the function that serves this request, as Netlify (and web/server.ts) route it. */
async function call(request: Request): Promise<Response> {
  const match = route(request.method, new URL(request.url).pathname)
  if (!match) return new Response('Not Found', {status: 404})
  if (match === 'malformed') return new Response('Bad Request', {status: 400})
  return match.module.default(request, testContext(match.params))
}
const fetchFunctions: typeof fetch = async (input, init) => call(new Request(new URL(String(input), 'http://localhost'), init))

const start = (body: unknown) => call(new Request(BASE, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)}))
const putChunk = (uploadId: string, index: number | string, bytes: Uint8Array<ArrayBuffer>) =>
  call(new Request(`${BASE}/${uploadId}/${index}`, {method: 'PUT', headers: {'Content-Type': 'application/octet-stream'}, body: bytes}))
const complete = (uploadId: string) => call(new Request(`${BASE}/${uploadId}/complete`, {method: 'POST'}))

async function startOk(fileName: string, size: number, contentType = ''): Promise<{uploadId: string; chunkSize: number; chunks: number}> {
  const response = await start({fileName, size, contentType})
  expect(response.status).toBe(201)
  return response.json()
}

/** Uploads `bytes` chunk by chunk and completes; resolves to the complete response. */
async function uploadAll(fileName: string, bytes: Uint8Array<ArrayBuffer>, contentType = ''): Promise<Response> {
  const {uploadId, chunkSize, chunks} = await startOk(fileName, bytes.length, contentType)
  for (let i = 0; i < chunks; i++) {
    const response = await putChunk(uploadId, i, bytes.subarray(i * chunkSize, (i + 1) * chunkSize))
    expect(response.status).toBe(200)
  }
  return complete(uploadId)
}

async function expectHttpError(promise: Promise<unknown>, status: number, message?: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ServiceError)
  expect((error as ServiceError).status).toBe(status)
  if (message) expect((error as ServiceError).message).toMatch(message)
}

describe('start → chunks → complete', () => {
  it('refuses more upload starts than the limit from one client with 429 and Retry-After', async () => {
    vi.stubEnv('RATE_LIMIT_UPLOAD_START', '2/1h')
    try {
      const body = JSON.stringify({fileName: 'cv.pdf', size: 1000, contentType: 'application/pdf'})
      const startFrom = (ip: string) =>
        startFn.default(new Request(BASE, {method: 'POST', headers: {'Content-Type': 'application/json'}, body}), testContext({}, ip) as never)
      expect((await startFrom('198.51.100.9')).status).toBe(201)
      expect((await startFrom('198.51.100.9')).status).toBe(201)
      const refused = await startFrom('198.51.100.9')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
      expect((await startFrom('198.51.100.10')).status).toBe(201)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('stores a small PDF and attaches it', async () => {
    const bytes = pdfBytes(5000)
    const started = await startOk('passport.pdf', bytes.length, 'application/pdf')
    expect(started.uploadId).toMatch(/^upl_[A-Za-z0-9_-]{16,64}$/)
    expect(started).toMatchObject({chunkSize: CHUNK, chunks: 1})

    const put = await putChunk(started.uploadId, 0, bytes)
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual({uploadId: started.uploadId, index: 0, size: 5000})

    const done = await complete(started.uploadId)
    expect(done.status).toBe(200)
    const body = {uploadId: started.uploadId, fileName: 'passport.pdf', contentType: 'application/pdf', size: 5000}
    expect(await done.json()).toEqual(body)

    // Completing again answers the same (idempotent); the attachment resolves.
    expect(await (await complete(started.uploadId)).json()).toEqual(body)
    expect(await resolveCompletedUploads([started.uploadId])).toEqual([body])
    const stored = await readUpload(started.uploadId)
    expect(Buffer.from(stored.bytes).equals(Buffer.from(bytes))).toBe(true)
  })

  it('uploads a 9 MB file in 3 chunks and keeps its bytes intact', async () => {
    const bytes = jpgBytes(9 * MB)
    for (let i = 100; i < bytes.length; i += 4096) bytes[i] = i % 251
    const {uploadId, chunks} = await startOk('photo.jpg', bytes.length, 'image/jpeg')
    expect(chunks).toBe(3)
    // In any order.
    for (const i of [2, 0, 1]) expect((await putChunk(uploadId, i, bytes.subarray(i * CHUNK, (i + 1) * CHUNK))).status).toBe(200)
    const done = await complete(uploadId)
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({contentType: 'image/jpeg', size: 9 * MB})
    const stored = await readUpload(uploadId)
    expect(Buffer.from(stored.bytes).equals(Buffer.from(bytes))).toBe(true)
  })

  it.each([
    ['letter.docx', docxBytes(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['letter.doc', docBytes(), 'application/msword'],
    ['scan.png', pngBytes(300), 'image/png'],
    ['scan.JPEG', jpgBytes(300), 'image/jpeg'],
  ])('accepts %s by its magic bytes', async (name, bytes, contentType) => {
    const done = await uploadAll(name, bytes)
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({fileName: name, contentType, size: bytes.length})
  })

  it('resolves several uploads in the given order', async () => {
    const a = (await (await uploadAll('a.pdf', pdfBytes())).json()) as {uploadId: string}
    const b = (await (await uploadAll('b.png', pngBytes())).json()) as {uploadId: string}
    const resolved = await resolveCompletedUploads([b.uploadId, a.uploadId])
    expect(resolved.map((r) => r.fileName)).toEqual(['b.png', 'a.pdf'])
    expect(await resolveCompletedUploads([])).toEqual([])
    await expectHttpError(resolveCompletedUploads([a.uploadId, a.uploadId]), 400, /more than once/)
  })

  it('accepts a retried chunk with the same bytes, refuses different bytes (409)', async () => {
    const bytes = pdfBytes(100)
    const {uploadId} = await startOk('retry.pdf', bytes.length)
    expect((await putChunk(uploadId, 0, bytes)).status).toBe(200)
    expect((await putChunk(uploadId, 0, bytes)).status).toBe(200)
    const other = pngBytes(100)
    const conflict = await putChunk(uploadId, 0, other)
    expect(conflict.status).toBe(409)
    expect((await complete(uploadId)).status).toBe(200)
    // After completion nothing can be changed.
    expect((await putChunk(uploadId, 0, bytes)).status).toBe(409)
  })
})

describe('refusals', () => {
  it('incomplete upload (a chunk missing): complete fails with 400 and it is never attached', async () => {
    const bytes = pdfBytes(4 * MB + 10)
    const {uploadId, chunks} = await startOk('partial.pdf', bytes.length)
    expect(chunks).toBe(2)
    expect((await putChunk(uploadId, 0, bytes.subarray(0, CHUNK))).status).toBe(200)
    const done = await complete(uploadId)
    expect(done.status).toBe(400)
    expect((await done.json()).error).toMatch(/incomplete: chunk 1 of 2 missing/)
    await expectHttpError(resolveCompletedUploads([uploadId]), 400, new RegExp(uploadId))
    // The missing chunk can still be sent.
    expect((await putChunk(uploadId, 1, bytes.subarray(CHUNK))).status).toBe(200)
    expect((await complete(uploadId)).status).toBe(200)
    expect(await resolveCompletedUploads([uploadId])).toHaveLength(1)
  })

  it('oversized chunk → 413', async () => {
    const {uploadId} = await startOk('big.pdf', 9 * MB)
    const response = await putChunk(uploadId, 0, new Uint8Array(CHUNK + 1))
    expect(response.status).toBe(413)
    expect((await response.json()).error).toMatch(/too large/)
  })

  it('chunk of the wrong length or index → 400', async () => {
    const {uploadId} = await startOk('two.pdf', CHUNK + 10)
    expect((await putChunk(uploadId, 0, new Uint8Array(10))).status).toBe(400) // not the full chunk
    expect((await putChunk(uploadId, 1, new Uint8Array(11))).status).toBe(400) // last chunk is 10 bytes
    expect((await putChunk(uploadId, 2, new Uint8Array(10))).status).toBe(400) // out of range
    expect((await putChunk(uploadId, -1, new Uint8Array(10))).status).toBe(400)
    expect((await putChunk(uploadId, 'x', new Uint8Array(10))).status).toBe(400)
  })

  it('wrong magic bytes → 415, the upload is rejected for good and its bytes deleted', async () => {
    const bytes = pngBytes(200)
    const {uploadId} = await startOk('passport.pdf', bytes.length, 'application/pdf')
    expect((await putChunk(uploadId, 0, bytes)).status).toBe(200)
    const done = await complete(uploadId)
    expect(done.status).toBe(415)
    expect((await done.json()).error).toMatch(/"passport\.pdf" is not a valid PDF file/)
    expect((await complete(uploadId)).status).toBe(415)
    await expectHttpError(resolveCompletedUploads([uploadId]), 400)
    const store = openStore(STORES.uploads)
    expect(await store.get(`${uploadId}/chunk/0`)).toBeNull()
  })

  it('a .doc must be a CFB container, and a CFB container must be named .doc', async () => {
    expect((await uploadAll('letter.doc', pdfBytes())).status).toBe(415)
    expect((await uploadAll('letter.docx', docBytes())).status).toBe(415)
  })

  it('unknown upload id → 404', async () => {
    const unknown = 'upl_doesnotexist0000000000'
    expect((await putChunk(unknown, 0, new Uint8Array(1))).status).toBe(404)
    expect((await complete(unknown)).status).toBe(404)
    expect((await complete('not-an-id')).status).toBe(404)
    expect((await complete('upl_..%2F..%2Fetc%2Fpasswd0000')).status).toBe(404)
  })

  it('declared size over 10 MB → 400 at start; exactly 10 MB is fine', async () => {
    const over = await start({fileName: 'big.pdf', size: 10 * MB + 1, contentType: 'application/pdf'})
    expect(over.status).toBe(400)
    expect((await over.json()).error).toMatch(/larger than 10MB/)
    const exact = await start({fileName: 'big.pdf', size: 10 * MB, contentType: 'application/pdf'})
    expect(exact.status).toBe(201)
    expect((await exact.json()).chunks).toBe(3)
  })

  it('bad start bodies: type 415, empty 400, malformed 400, not JSON 415', async () => {
    expect((await start({fileName: 'virus.exe', size: 10, contentType: 'application/octet-stream'})).status).toBe(415)
    expect((await start({fileName: 'photo.gif', size: 10, contentType: 'image/gif'})).status).toBe(415)
    expect((await start({fileName: 'scan.pdf', size: 10, contentType: 'image/png'})).status).toBe(415)
    expect((await start({fileName: 'empty.pdf', size: 0})).status).toBe(400)
    expect((await start({fileName: 'a.pdf', size: 1.5})).status).toBe(400)
    expect((await start({fileName: 'a.pdf', size: '10'})).status).toBe(400)
    expect((await start({size: 10})).status).toBe(400)
    expect((await start({fileName: '   ', size: 10})).status).toBe(400)
    const notJson = await call(new Request(BASE, {method: 'POST', headers: {'Content-Type': 'text/plain'}, body: 'x'}))
    expect(notJson.status).toBe(415)
  })

  it('keeps only the base name of a path-like file name', async () => {
    const done = await uploadAll('C:\\Users\\me\\passport.pdf', pdfBytes())
    expect((await done.json()).fileName).toBe('passport.pdf')
  })

  it('resolveCompletedUploads with an id never created → 400', async () => {
    await expectHttpError(resolveCompletedUploads(['upl_nevercreated000000000']), 400, /upl_nevercreated000000000/)
    await expectHttpError(resolveCompletedUploads(['garbage']), 400)
    await expectHttpError(resolveCompletedUploads(Array.from({length: 6}, (_, i) => `upl_aaaaaaaaaaaaaaaaaaa${i}`)), 400, /At most 5/)
  })
})

describe('browser client against the functions', () => {
  it('uploads a 9 MB PDF through the upload client (fetch transport) with rising progress', async () => {
    const bytes = pdfBytes(9 * MB)
    const file = Object.assign(new Blob([bytes], {type: 'application/pdf'}), {name: 'certificates.pdf'})
    const progress: number[] = []
    const done = await uploadFile(file, {transport: createHttpTransport({fetch: fetchFunctions, useXhr: false}), onProgress: (p) => progress.push(p.fraction)})
    expect(done).toMatchObject({fileName: 'certificates.pdf', contentType: 'application/pdf', size: 9 * MB})
    expect(progress.length).toBeGreaterThanOrEqual(4)
    expect(progress.at(-1)).toBe(1)
    expect(await resolveCompletedUploads([done.uploadId])).toEqual([done])
  })

  it('reports the server message when the content does not match the name', async () => {
    const file = Object.assign(new Blob([pngBytes(64)], {type: 'application/pdf'}), {name: 'fake.pdf'})
    await expect(uploadFile(file, {transport: createHttpTransport({fetch: fetchFunctions, useXhr: false})})).rejects.toMatchObject({
      status: 415,
      message: expect.stringMatching(/not a valid PDF/),
    })
  })
})

describe('purgeStaleUploads', () => {
  it('deletes old pending uploads with their chunks and keeps completed ones', async () => {
    const pending = await startOk('stale.pdf', CHUNK + 1)
    expect((await putChunk(pending.uploadId, 0, pdfBytes(CHUNK))).status).toBe(200)
    const kept = (await (await uploadAll('kept.pdf', pdfBytes())).json()) as {uploadId: string}
    const deleted = await purgeStaleUploads(60_000, Date.now() + 120_000)
    expect(deleted).toContain(pending.uploadId)
    expect(deleted).not.toContain(kept.uploadId)
    expect((await complete(pending.uploadId)).status).toBe(404)
    expect(await openStore(STORES.uploads).get(`${pending.uploadId}/chunk/0`)).toBeNull()
    expect(await resolveCompletedUploads([kept.uploadId])).toHaveLength(1)
    expect(await purgeStaleUploads(60_000, Date.now())).toEqual([])
  })
})
