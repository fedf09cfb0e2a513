/**
 * POST /api/sandbox/payment-links/:linkId/pay (issue 17): the server side of the sandbox's local
 * payment-link page (/pay/link/:linkId), available only where the sandbox checkout is (never in
 * production, never with Razorpay keys: 404 then, as for an unknown link).
 *
 * "Pay" makes what Razorpay would send when a payment link is paid — a `payment_link.paid` event
 * with the link and a `pay_sandbox_…` payment of the link's amount — signs its raw body with
 * RAZORPAY_SANDBOX_SECRET (HMAC-SHA256, as Razorpay signs webhooks with the webhook secret) and
 * hands it to the webhook handler (./webhook.ts handleWebhook) verified with that secret: the
 * same signature check, event de-duplication and installment code as a real delivery.
 * "Fail payment" answers Razorpay's failure shape and changes nothing. A link that has expired or
 * whose installment is paid answers 409.
 */
import {SandboxLinkPaySchema, type SandboxLinkPayResponse} from '#schemas/contracts/installments'
import {linkState} from '#schemas/rules/installments'
import {getEnrolment} from '../enrolments/enrolments'
import {HttpError, json, readJson} from '#netlify/platform/http'
import {getSandboxLink, sandboxEventId} from '../installments/installments'
import {isProduction, requirePaymentsConfig, sandboxAvailable} from '#netlify/platform/payments/config'
import {sandboxPaymentId} from '#netlify/platform/payments/gateway'
import {hmacSha256Hex} from '#netlify/platform/payments/signature'
import {handleWebhook} from './webhook'
import {SANDBOX_FAILURE} from './sandbox'

/** The payment_link.paid event of `link` paid by `paymentId` (Razorpay's shape, the fields the webhook reads and a few more). */
export function sandboxLinkPaidEvent(
  link: {linkId: string; referenceId: string; orderId: string; number: number; amountMinor: number; currency: string},
  paymentId: string,
  now = new Date(),
) {
  const at = Math.floor(now.getTime() / 1000)
  return {
    entity: 'event',
    account_id: 'acc_sandbox',
    event: 'payment_link.paid',
    contains: ['payment_link', 'payment'],
    payload: {
      payment_link: {
        entity: {
          id: link.linkId,
          entity: 'payment_link',
          amount: link.amountMinor,
          amount_paid: link.amountMinor,
          currency: link.currency,
          reference_id: link.referenceId,
          status: 'paid',
          notes: {order_id: link.orderId, installment: String(link.number)},
        },
      },
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: link.amountMinor,
          currency: link.currency,
          status: 'captured',
          order_id: null,
          method: 'card',
          created_at: at,
        },
      },
    },
    created_at: at,
  }
}

/** Handles the request (see the module comment): 200 SandboxLinkPayResponseSchema; 404 / 409 as above. */
export async function sandboxPayLink(request: Request, context?: {params?: Record<string, string>}, options: {now?: Date} = {}): Promise<Response> {
  if (isProduction()) throw new HttpError(404, 'Not found')
  const config = requirePaymentsConfig()
  if (!sandboxAvailable(config)) throw new HttpError(404, 'Not found')
  const link = await getSandboxLink(context?.params?.linkId ?? '')
  if (!link) throw new HttpError(404, 'Unknown payment link')
  const {outcome} = await readJson(request, SandboxLinkPaySchema)
  const now = options.now ?? new Date()
  const record = await getEnrolment(link.orderId)
  const {state, link: deciding} = linkState(record?.installmentLinks ?? [], link.number, now)
  if (state === 'paid') throw new HttpError(409, 'This installment is already paid')
  if (state !== 'requested' || deciding?.linkId !== link.linkId) throw new HttpError(409, 'This payment link has expired')

  if (outcome === 'fail')
    return json({status: 'failed', error: {code: SANDBOX_FAILURE.code, description: SANDBOX_FAILURE.description}} satisfies SandboxLinkPayResponse)
  const paymentId = sandboxPaymentId()
  const raw = JSON.stringify(sandboxLinkPaidEvent(link, paymentId, now))
  const webhook = await handleWebhook(
    new Request('http://sandbox.local/api/razorpay/webhook', {
      method: 'POST',
      headers: {'content-type': 'application/json', 'x-razorpay-event-id': sandboxEventId(), 'x-razorpay-signature': hmacSha256Hex(config.sandboxSecret, raw)},
      body: raw,
    }),
    {secret: config.sandboxSecret},
  )
  if (!webhook.ok) throw new HttpError(502, 'The sandbox could not record the payment')
  const after = await getEnrolment(link.orderId)
  const receiptNumber = after?.installmentLinks?.find((l) => l.linkId === link.linkId)?.receiptNumber
  return json({status: 'paid', paymentId, ...(receiptNumber ? {receiptNumber} : {})} satisfies SandboxLinkPayResponse)
}
