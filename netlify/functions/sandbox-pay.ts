/** POST /api/sandbox/pay — the sandbox checkout's server side; 404 in production and with Razorpay keys. See netlify/services/payments/sandbox.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {sandboxPay} from '../services/payments/sandbox'

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  return sandboxPay(request)
})

export const config: Config = {path: '/api/sandbox/pay', method: 'POST'}
