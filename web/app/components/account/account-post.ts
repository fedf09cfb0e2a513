/**
 * How My training's sections post to their `/api/account/...` endpoints from the browser: JSON with
 * `fetch` (same origin, so the HttpOnly session cookie goes along), the answer read as
 * `{message}` or `{error}`. Free of React; never imports netlify/.
 */
import {SIGN_IN_AGAIN} from '#schemas/contracts/account'

/** The outcome of a post: the server's message, or the reason it failed in words for the candidate. */
export type AccountPostResult = {ok: true; status: number; message: string} | {ok: false; status: number; message: string}

/** What a section says when the request did not reach the server. */
export const NETWORK_PROBLEM = 'We could not reach the server. Please check your connection and try again.'

/** Posts `body` as JSON to `url`; never throws. A 401 says "Please sign in again". */
export async function postAccount(url: string, body: unknown = {}, failed = 'That did not work. Please try again.'): Promise<AccountPostResult> {
  let response: Response
  try {
    response = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'application/json'}, body: JSON.stringify(body)})
  } catch {
    return {ok: false, status: 0, message: NETWORK_PROBLEM}
  }
  const answer = (await response.json().catch(() => null)) as {message?: unknown; error?: unknown} | null
  if (response.ok) return {ok: true, status: response.status, message: typeof answer?.message === 'string' ? answer.message : ''}
  if (response.status === 401) return {ok: false, status: 401, message: SIGN_IN_AGAIN}
  return {ok: false, status: response.status, message: typeof answer?.error === 'string' ? answer.error : failed}
}
