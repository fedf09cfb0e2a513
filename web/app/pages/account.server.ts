/**
 * The server side of /account (docs/requirements.md#req-account): the loader's state from the
 * session cookie, and the action's intents (ask for a sign-in link, sign out, sign out everywhere).
 */
import {clearAccountCookie, readAccountCookie} from '#netlify/platform/account-cookie'
import {siteOrigin} from '#netlify/platform/env'
import {clientAddress} from '#netlify/platform/http'
import {AccountNextSchema, SIGN_IN_LINK_SENT, SignInLinkRequestSchema, type AccountOverview} from '#schemas/contracts/account'
import {accountOverview} from '#netlify/services/account/overview'
import {endSessions, readSession} from '#netlify/services/account/sessions'
import {acceptSignInLinkRequest} from '#netlify/services/account/sign-in'
import {refusalOf} from '~/lib/service-response.server'
import {readFormBody} from '~/lib/form-body.server'

/** What /account shows: the sign-in form (with the address, the page to return to, and "Please sign in again"), or the portal. */
export type AccountLoaderData = {signedIn: false; email: string; next: string | null; expired: boolean} | {signedIn: true; overview: AccountOverview}

/** The loader's data at `now`, and the Set-Cookie header clearing a cookie that no longer opens anything. */
export async function accountPage(request: Request, now = new Date()): Promise<{data: AccountLoaderData; setCookie: string | null}> {
  const url = new URL(request.url)
  const state = await readSession(readAccountCookie(request), now)
  if (state.state === 'live') return {data: {signedIn: true, overview: await accountOverview(state.candidate.email, now)}, setCookie: null}
  const next = AccountNextSchema.safeParse(url.searchParams.get('next') ?? '')
  return {
    data: {
      signedIn: false,
      email: (url.searchParams.get('email') ?? '').slice(0, 254),
      next: next.success ? next.data : null,
      expired: state.state === 'expired' || url.searchParams.get('expired') === '1',
    },
    setCookie: state.state === 'expired' ? clearAccountCookie(request) : null,
  }
}

import type {AccountActionData} from '#schemas/contracts/account'
export type {AccountActionData} from '#schemas/contracts/account'

/** Runs the posted intent. `keepAlive` receives work to finish after the answer (the link's e-mail). */
export async function accountAction(
  request: Request,
  context: unknown,
): Promise<{status: number; body: AccountActionData | null; headers: Record<string, string>; redirect?: string}> {
  const read = await readFormBody(request, 8 * 1024)
  if (!read.ok) return {status: read.status, body: {ok: false, message: read.message}, headers: {}}
  const intent = read.form.get('intent')
  if (intent === 'sign-out' || intent === 'sign-out-everywhere') {
    const state = await readSession(readAccountCookie(request))
    if (state.state === 'live') await endSessions(state.candidate, intent === 'sign-out-everywhere')
    return {status: 303, body: null, headers: {'Set-Cookie': clearAccountCookie(request)}, redirect: '/account'}
  }
  const parsed = SignInLinkRequestSchema.safeParse({email: read.form.get('email') ?? '', next: read.form.get('next') || undefined})
  if (!parsed.success) {
    const fieldErrors = parsed.error.flatten().fieldErrors
    return {status: 400, body: {ok: false, message: fieldErrors.email?.[0] ?? 'Enter your e-mail address', fieldErrors}, headers: {}}
  }
  try {
    const ctx = (context ?? {}) as {ip?: string; waitUntil?: (promise: Promise<unknown>) => void}
    const {work} = await acceptSignInLinkRequest(parsed.data, {client: clientAddress(request, ctx), origin: siteOrigin(request)})
    ctx.waitUntil?.(work)
    return {status: 202, body: {ok: true, message: SIGN_IN_LINK_SENT}, headers: {}}
  } catch (error) {
    const refusal = refusalOf(error)
    if (!refusal) throw error
    return {status: refusal.status, body: {ok: false, message: refusal.message}, headers: refusal.headers ?? {}}
  }
}
