/**
 * Sends one HTTP/1.1 request exactly as given, with node:http (fetch refuses TRACE, normalises
 * paths and rewrites bodies): the raw method token, the raw request target (unnormalised, bad
 * percent-encodings and `..` kept; non-ASCII bytes can be passed as latin1 characters), the
 * headers as given, and the body with a Content-Length or chunked (Transfer-Encoding: chunked).
 * Each request gets its own connection (no agent), optionally from a given local address
 * (127.x.y.z on Linux) so per-client rate limits see different clients.
 *
 * Resolves with the status, headers and the (decompressed) body; rejects when the server
 * answers nothing within `timeoutMs` or drops the connection without an answer.
 */
import {request, type IncomingHttpHeaders} from 'node:http'
import {brotliDecompressSync, gunzipSync, inflateSync} from 'node:zlib'

export type RawRequest = {
  method: string
  /** The request target as sent: path and query, nothing normalised or encoded. */
  path: string
  headers?: Record<string, string>
  body?: string | Uint8Array
  /** Send the body with Transfer-Encoding: chunked (in two chunks) instead of a Content-Length. */
  chunked?: boolean
  localAddress?: string
  timeoutMs?: number
}

export type RawResponse = {status: number; headers: IncomingHttpHeaders; body: string}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'br') return brotliDecompressSync(body)
    if (encoding === 'gzip') return gunzipSync(body)
    if (encoding === 'deflate') return inflateSync(body)
  } catch {
    // Not what it says it is: check the bytes as they came.
  }
  return body
}

export function sendRaw(port: number, raw: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = raw.body === undefined ? undefined : Buffer.from(raw.body)
    const headers: Record<string, string> = {...raw.headers}
    if (body !== undefined) {
      if (raw.chunked) headers['transfer-encoding'] = 'chunked'
      else headers['content-length'] = String(body.byteLength)
    }
    let settled = false
    let answered = false
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      fn()
    }
    const timer = setTimeout(() => {
      req.destroy()
      settle(() => reject(new Error(`no answer within ${raw.timeoutMs ?? 15_000} ms`)))
    }, raw.timeoutMs ?? 15_000)

    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: raw.method,
        path: raw.path,
        headers,
        agent: false,
        localAddress: raw.localAddress,
      },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', (error) => settle(() => reject(error)))
        res.on('close', () => settle(() => reject(new Error('the connection closed in the middle of the answer'))))
        res.on('end', () => {
          const text = decode(Buffer.concat(chunks), res.headers['content-encoding']?.toLowerCase()).toString('utf8')
          settle(() => resolve({status: res.statusCode ?? 0, headers: res.headers, body: text}))
        })
      },
    )
    // A server that answers before reading the whole body may close the connection while the
    // body is still being written (EPIPE/ECONNRESET): the answer, once it has come, is what counts.
    req.on('error', (error) => {
      if (!answered) setImmediate(() => settle(() => reject(error)))
    })
    if (body !== undefined && body.byteLength > 0) {
      if (raw.chunked && body.byteLength > 1) {
        const half = Math.floor(body.byteLength / 2)
        req.write(body.subarray(0, half))
        req.write(body.subarray(half))
      } else {
        req.write(body)
      }
    }
    req.end()
  })
}

/** Whether this machine can send from 127.0.1.2 (Linux routes all of 127/8 to loopback). */
export async function canUseLoopbackAliases(port: number): Promise<boolean> {
  try {
    await sendRaw(port, {method: 'GET', path: '/api/__probe__', localAddress: '127.0.1.2', timeoutMs: 5_000})
    return true
  } catch {
    return false
  }
}
