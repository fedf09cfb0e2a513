/**
 * POST /api/account/sign-in-link {email, next?} → 202 {message} whatever the address
 * (docs/requirements.md#req-account). The link is made and e-mailed after the answer, so an address
 * with records and one without answer alike and as fast. 429 with Retry-After past
 * RATE_LIMIT_SIGN_IN_LINK (per client) or RATE_LIMIT_SIGN_IN_LINK_ADDRESS (per address, 5 an hour).
 */
import type {Config} from '@netlify/functions'
import {ACCOUNT_SIGN_IN_LINK_API} from '#schemas/rules/paths'
import {SIGN_IN_LINK_SENT, SignInLinkRequestSchema} from '#schemas/contracts/account'
import {siteOrigin} from '../platform/env'
import {clientAddress, handle, json, readJson, requireMethod} from '../platform/http'
import {acceptSignInLinkRequest} from '../services/account/sign-in'

export default handle(async (request: Request, context: {ip?: string; waitUntil?: (promise: Promise<unknown>) => void}) => {
  requireMethod(request, 'POST')
  const input = await readJson(request, SignInLinkRequestSchema)
  const {work} = await acceptSignInLinkRequest(input, {client: clientAddress(request, context), origin: siteOrigin(request)})
  context.waitUntil?.(work)
  return json({message: SIGN_IN_LINK_SENT}, {status: 202, headers: {'Cache-Control': 'no-store'}})
})

export const config: Config = {path: ACCOUNT_SIGN_IN_LINK_API, method: 'POST'}
