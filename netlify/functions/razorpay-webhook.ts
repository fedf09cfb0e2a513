/** POST /api/razorpay/webhook — see netlify/lib/payments/webhook.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {reportPaymentsConfigAtStartup} from '../lib/payments/config'
import {handleWebhook} from '../lib/payments/webhook'

reportPaymentsConfigAtStartup()

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  return handleWebhook(request)
})

export const config: Config = {path: '/api/razorpay/webhook', method: 'POST'}
