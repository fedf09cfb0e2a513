/** POST /api/sandbox/payment-links/:linkId/pay — the sandbox payment-link page's "Pay" / "Fail payment"; 404 in production and with Razorpay keys. See netlify/services/payments/sandbox-links.ts. */
import type {Config} from '@netlify/functions'
import {SandboxLinkPaySchema} from '#schemas/contracts/installments'
import {handle, json, readJson, requireMethod} from '../platform/http'
import {requireSandbox} from '../services/payments/sandbox'
import {paySandboxLink, sandboxLinkToPay} from '../services/payments/sandbox-links'

/** 405 other methods; 404 where the sandbox does not run or for an unknown link (before the body is read); 415/413/400 the body; then the use case. */
export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  const config = requireSandbox()
  const link = await sandboxLinkToPay(context?.params?.linkId ?? '')
  const {outcome} = await readJson(request, SandboxLinkPaySchema)
  return json(await paySandboxLink(link, outcome, {config}))
})

export const config: Config = {path: '/api/sandbox/payment-links/:linkId/pay', method: 'POST'}
