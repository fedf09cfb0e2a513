/** POST /api/razorpay/webhook — see netlify/services/payments/webhook.ts. */
import type {Config} from '@netlify/functions'
import {handle, HttpError, json, readBody, requireMethod} from '../platform/http'
import {reportPaymentsConfigAtStartup, requirePaymentsConfig} from '../platform/payments/config'
import type {ReceiptOptions} from '../services/enrolments/paid-enrolment'
import {MAX_WEBHOOK_BYTES, receiveWebhook, WebhookSignatureError} from '../services/payments/webhook'

reportPaymentsConfigAtStartup()

/**
 * The handler with the receipt's options (tests: a stub PDF renderer): 405 other methods, 503
 * payments not configured, 413 a body over MAX_WEBHOOK_BYTES, 401 a bad or missing
 * X-Razorpay-Signature (400 for a payment_link event); then the use case's answer or error.
 */
export function webhookEndpoint(options: ReceiptOptions = {}) {
  return async (request: Request): Promise<Response> => {
    requireMethod(request, 'POST')
    requirePaymentsConfig()
    const raw = await readBody(request, MAX_WEBHOOK_BYTES)
    const delivery = {raw, signature: request.headers.get('x-razorpay-signature'), eventId: request.headers.get('x-razorpay-event-id')}
    try {
      return json(await receiveWebhook(delivery, options))
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new HttpError(error.paymentLinkEvent ? 400 : 401, error.message)
      throw error
    }
  }
}

export default handle(webhookEndpoint())

export const config: Config = {path: '/api/razorpay/webhook', method: 'POST'}
