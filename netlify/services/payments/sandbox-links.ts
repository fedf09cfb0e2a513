/**
 * POST /api/sandbox/payment-links/:linkId/pay: the server side of the sandbox's local
 * payment-link page (/pay/link/:linkId), available only where the sandbox checkout is (never in
 * production, never with Razorpay keys: `not-found` then, as for an unknown link; ./sandbox.ts requireSandbox).
 *
 * "Pay" makes what Razorpay would send when a payment link is paid — a `payment_link.paid` event
 * with the link and a `pay_sandbox_…` payment of the link's amount — signs its raw body with
 * RAZORPAY_SANDBOX_SECRET (HMAC-SHA256, as Razorpay signs webhooks with the webhook secret) and
 * hands it to the webhook use case (./webhook.ts receiveWebhook) verified with that secret: the
 * same signature check, event de-duplication and installment code as a real delivery.
 * "Fail payment" answers Razorpay's failure shape and changes nothing. A link that has expired or
 * whose installment is paid is a `conflict`.
 */
import type {SandboxLinkPayResponse} from '#schemas/contracts/installments'
import {linkState} from '#schemas/rules/installments'
import {ServiceError} from '#netlify/platform/errors'
import type {PaymentsConfig} from '#netlify/platform/payments/config'
import {sandboxPaymentId} from '#netlify/platform/payments/gateway'
import {hmacSha256Hex} from '#netlify/platform/payments/signature'
import {getEnrolment} from '../enrolments/enrolments'
import {getSandboxLink, sandboxEventId, type SandboxLink} from '../installments/installments'
import {receiveWebhook} from './webhook'
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

/**
 * The sandbox link `linkId` to pay. Throws ServiceError `not-found` 'Unknown payment link'
 * (also for an id not of the sandbox's shape).
 */
export async function sandboxLinkToPay(linkId: string): Promise<SandboxLink> {
  const link = await getSandboxLink(linkId)
  if (!link) throw new ServiceError('not-found', 'Unknown payment link')
  return link
}

/**
 * "Pay" or "Fail payment" of `link` (see the module comment) under the sandbox's `config`
 * (requireSandbox); resolves to SandboxLinkPayResponse. Throws ServiceError `conflict` when the
 * installment is paid or the link has expired, and what the webhook path throws.
 */
export async function paySandboxLink(
  link: SandboxLink,
  outcome: 'pay' | 'fail',
  options: {config: PaymentsConfig; now?: Date},
): Promise<SandboxLinkPayResponse> {
  const now = options.now ?? new Date()
  const record = await getEnrolment(link.orderId)
  const {state, link: deciding} = linkState(record?.installmentLinks ?? [], link.number, now)
  if (state === 'paid') throw new ServiceError('conflict', 'This installment is already paid')
  if (state !== 'requested' || deciding?.linkId !== link.linkId) throw new ServiceError('conflict', 'This payment link has expired')

  if (outcome === 'fail') return {status: 'failed', error: {code: SANDBOX_FAILURE.code, description: SANDBOX_FAILURE.description}}
  const paymentId = sandboxPaymentId()
  const raw = new TextEncoder().encode(JSON.stringify(sandboxLinkPaidEvent(link, paymentId, now)))
  const secret = options.config.sandboxSecret
  await receiveWebhook({raw, signature: hmacSha256Hex(secret, raw), eventId: sandboxEventId()}, {secret})
  const after = await getEnrolment(link.orderId)
  const receiptNumber = after?.installmentLinks?.find((l) => l.linkId === link.linkId)?.receiptNumber
  return {status: 'paid', paymentId, ...(receiptNumber ? {receiptNumber} : {})}
}
