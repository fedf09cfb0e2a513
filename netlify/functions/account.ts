/**
 * My training's API for the signed-in candidate (docs/requirements.md#req-account), authenticated
 * by the session cookie (netlify/platform/account-cookie.ts):
 * - GET  /api/account           → AccountOverview; 401 "Please sign in again" without a live session.
 * - POST /api/account/sign-out  {everywhere?} → 204 and the cookie cleared ("Sign out", "Sign out everywhere").
 * Personal: no-store, noindex.
 */
import type {Config} from '@netlify/functions'
import {SignOutRequestSchema} from '#schemas/contracts/account'
import {clearAccountCookie, readAccountCookie} from '../platform/account-cookie'
import {handle, json, readJson, requireMethod} from '../platform/http'
import {accountOverview} from '../services/account/overview'
import {endSessions, requireCandidate} from '../services/account/sessions'

const PERSONAL = {'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow'}

export default handle(async (request: Request) => {
  const signOut = new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/sign-out')
  if (signOut) {
    requireMethod(request, 'POST')
    const {everywhere} = await readJson(request, SignOutRequestSchema)
    const candidate = await requireCandidate(readAccountCookie(request))
    await endSessions(candidate, everywhere)
    return new Response(null, {status: 204, headers: {...PERSONAL, 'Set-Cookie': clearAccountCookie(request)}})
  }
  requireMethod(request, 'GET')
  const candidate = await requireCandidate(readAccountCookie(request))
  return json(await accountOverview(candidate.email), {headers: PERSONAL})
})

export const config: Config = {path: ['/api/account', '/api/account/sign-out']}
