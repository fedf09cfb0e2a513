/**
 * The portal panels' one way to call their /api/account/… endpoint from the browser: JSON in,
 * JSON out, same origin (the session cookie goes along). Resolves to the answer's body, or to
 * the refusal's message (`{error}`, schemas/contracts/errors.ts) and field messages; a network
 * failure resolves to a message too, so a panel always has something to show.
 */
import type {ApiError} from '#schemas/contracts/errors'

export type SendResult<T> = {ok: true; data: T} | {ok: false; status: number | null; message: string; fieldErrors: Record<string, string[] | undefined>}

const NETWORK = 'We could not reach the server. Check your connection and try again.'

export async function sendJson<T>(method: 'POST' | 'PATCH', url: string, body: unknown): Promise<SendResult<T>> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: {'Content-Type': 'application/json', Accept: 'application/json'},
      body: JSON.stringify(body),
      credentials: 'same-origin',
    })
  } catch {
    return {ok: false, status: null, message: NETWORK, fieldErrors: {}}
  }
  let parsed: unknown = null
  try {
    parsed = await response.json()
  } catch {
    // not JSON: a message below
  }
  if (response.ok) return {ok: true, data: parsed as T}
  const error = (parsed ?? {}) as Partial<ApiError>
  return {
    ok: false,
    status: response.status,
    message: typeof error.error === 'string' ? error.error : `Something went wrong (HTTP ${response.status}). Please try again.`,
    fieldErrors: error.details ?? {},
  }
}
