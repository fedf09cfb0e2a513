/** POST /api/sandbox/payment-links/:linkId/pay — the sandbox payment-link page's "Pay" / "Fail payment" (issue 17); 404 in production and with Razorpay keys. See netlify/services/payments/sandbox-links.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {sandboxPayLink} from '../services/payments/sandbox-links'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return sandboxPayLink(request, context)
})

export const config: Config = {path: '/api/sandbox/payment-links/:linkId/pay', method: 'POST'}
