/** POST /api/razorpay/webhook — see netlify/services/payments/webhook.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {reportPaymentsConfigAtStartup} from '../platform/payments/config'
import {handleWebhook} from '../services/payments/webhook'

reportPaymentsConfigAtStartup()

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  return handleWebhook(request)
})

export const config: Config = {path: '/api/razorpay/webhook', method: 'POST'}
