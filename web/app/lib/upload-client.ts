/**
 * Browser side of the chunked document uploads (netlify/services/uploads/uploads.ts): start → chunks of
 * `chunkSize` bytes (4 MiB, under the 6 MB a Netlify function accepts) → complete.
 *
 * - Progress in bytes per file: XMLHttpRequest upload progress within a chunk when available,
 *   otherwise (fetch) after each chunk.
 * - A failed request (network error, 408, 429 or 5xx) is retried once; other answers (400, 404,
 *   409, 413, 415) are final and reported with the server's message.
 * - An AbortSignal cancels the request in flight (the visitor removed the file); the promise
 *   then rejects with an UploadError whose `aborted` is true.
 * Bodies and answers are the contracts of schemas/contracts/uploads.ts (types only: no zod here).
 */
import type {ApiError} from '#schemas/contracts/errors'
import type {Attachment, StartUploadRequest, StartUploadResponse} from '#schemas/contracts/uploads'

/** A completed, server-verified upload: the attachment the complete call answers. */
export type CompletedUpload = Attachment
export type UploadProgress = {loaded: number; total: number; fraction: number}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly aborted = false,
  ) {
    super(message)
    this.name = 'UploadError'
  }
  /** Worth one more try: no answer, a timeout, throttling or a server error. */
  get retryable(): boolean {
    return !this.aborted && (this.status === null || this.status === 408 || this.status === 429 || this.status >= 500)
  }
}

/** What the client needs of the start call's answer. */
export type StartedUpload = Pick<StartUploadResponse, 'uploadId' | 'chunkSize'>

/** How the three calls reach the server (swappable in tests). */
export type UploadTransport = {
  start(body: StartUploadRequest, signal?: AbortSignal): Promise<StartedUpload>
  putChunk(uploadId: string, index: number, chunk: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<void>
  complete(uploadId: string, signal?: AbortSignal): Promise<CompletedUpload>
}

export const UPLOAD_API = '/api/enroll/upload'
const NETWORK_ERROR = 'The upload was interrupted. Check your connection and try again.'
const ABORTED = 'Upload cancelled'

const abortError = () => new UploadError(ABORTED, null, true)

async function errorFrom(response: Response): Promise<UploadError> {
  let message = ''
  try {
    const body = (await response.json()) as Partial<Record<keyof ApiError, unknown>>
    if (typeof body?.error === 'string') message = body.error
  } catch {
    // not JSON: fall back below
  }
  return new UploadError(message || fallbackMessage(response.status), response.status)
}

function fallbackMessage(status: number): string {
  if (status === 413) return 'A part of the file was too large for the server.'
  if (status === 415) return 'This file type is not accepted.'
  if (status >= 500) return 'The server could not store the file. Please try again.'
  return `The upload failed (HTTP ${status}).`
}

/** The transport over HTTP: fetch for JSON calls, XMLHttpRequest (when present) for chunks. */
export function createHttpTransport(options: {baseUrl?: string; fetch?: typeof fetch; useXhr?: boolean} = {}): UploadTransport {
  const baseUrl = options.baseUrl ?? UPLOAD_API
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const useXhr = options.useXhr ?? typeof XMLHttpRequest !== 'undefined'

  async function send(url: string, init: RequestInit): Promise<Response> {
    let response: Response
    try {
      response = await doFetch(url, init)
    } catch (error) {
      if (init.signal?.aborted) throw abortError()
      throw new UploadError(NETWORK_ERROR)
    }
    if (!response.ok) throw await errorFrom(response)
    return response
  }

  const chunkUrl = (uploadId: string, index: number) => `${baseUrl}/${encodeURIComponent(uploadId)}/${index}`

  function putWithXhr(url: string, chunk: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError())
      const xhr = new XMLHttpRequest()
      const onAbort = () => xhr.abort()
      signal?.addEventListener('abort', onAbort, {once: true})
      const done = () => signal?.removeEventListener('abort', onAbort)
      xhr.open('PUT', url)
      xhr.setRequestHeader('Content-Type', 'application/octet-stream')
      xhr.upload.onprogress = (event) => onProgress(Math.min(event.loaded, chunk.size))
      xhr.onload = () => {
        done()
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(chunk.size)
          return resolve()
        }
        let message = ''
        try {
          const body = JSON.parse(xhr.responseText) as Partial<Record<keyof ApiError, unknown>>
          if (typeof body?.error === 'string') message = body.error
        } catch {
          // not JSON
        }
        reject(new UploadError(message || fallbackMessage(xhr.status), xhr.status))
      }
      xhr.onerror = () => {
        done()
        reject(new UploadError(NETWORK_ERROR))
      }
      xhr.ontimeout = xhr.onerror
      xhr.onabort = () => {
        done()
        reject(abortError())
      }
      xhr.send(chunk)
    })
  }

  return {
    async start(body, signal) {
      const response = await send(baseUrl, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body), signal})
      return (await response.json()) as StartUploadResponse
    },
    async putChunk(uploadId, index, chunk, onProgress, signal) {
      if (useXhr) return putWithXhr(chunkUrl(uploadId, index), chunk, onProgress, signal)
      await send(chunkUrl(uploadId, index), {method: 'PUT', headers: {'Content-Type': 'application/octet-stream'}, body: chunk, signal})
      onProgress(chunk.size)
    },
    async complete(uploadId, signal) {
      const response = await send(`${baseUrl}/${encodeURIComponent(uploadId)}/complete`, {method: 'POST', signal})
      return (await response.json()) as Attachment
    },
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortError())
    }
    signal?.addEventListener('abort', onAbort, {once: true})
  })
}

function asUploadError(error: unknown, signal?: AbortSignal): UploadError {
  if (signal?.aborted) return abortError()
  if (error instanceof UploadError) return error
  return new UploadError(NETWORK_ERROR)
}

/** Runs `attempt`, once more after `delayMs` when the first failure is retryable. */
async function withRetry<T>(attempt: () => Promise<T>, retries: number, delayMs: number, signal?: AbortSignal): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      if (signal?.aborted) throw abortError()
      return await attempt()
    } catch (caught) {
      const error = asUploadError(caught, signal)
      if (tried >= retries || !error.retryable) throw error
      await wait(delayMs, signal)
    }
  }
}

export type UploadFileOptions = {
  signal?: AbortSignal
  onProgress?: (progress: UploadProgress) => void
  transport?: UploadTransport
  /** Extra attempts for a failed request (default 1: "retry once"). */
  retries?: number
  retryDelayMs?: number
}

/** Uploads one file in chunks; resolves to the completed (server-verified) upload. */
export async function uploadFile(file: Blob & {name: string}, options: UploadFileOptions = {}): Promise<CompletedUpload> {
  const {signal, onProgress, transport = createHttpTransport(), retries = 1, retryDelayMs = 400} = options
  const total = file.size
  let reported = 0
  // Never backwards (a retried chunk starts again from its first byte).
  const report = (loaded: number) => {
    reported = Math.max(reported, Math.min(loaded, total))
    onProgress?.({loaded: reported, total, fraction: total > 0 ? reported / total : 1})
  }

  report(0)
  const started = await withRetry(
    () => transport.start({fileName: file.name, size: file.size, contentType: file.type || ''}, signal),
    retries,
    retryDelayMs,
    signal,
  )
  const chunkSize = started.chunkSize
  if (!(chunkSize > 0)) throw new UploadError('The server did not accept the upload.')
  const chunks = Math.max(1, Math.ceil(total / chunkSize))

  let sent = 0
  for (let index = 0; index < chunks; index++) {
    const chunk = file.slice(index * chunkSize, Math.min(total, (index + 1) * chunkSize))
    await withRetry(() => transport.putChunk(started.uploadId, index, chunk, (loaded) => report(sent + loaded), signal), retries, retryDelayMs, signal)
    sent += chunk.size
    report(sent)
  }

  return withRetry(() => transport.complete(started.uploadId, signal), retries, retryDelayMs, signal)
}
