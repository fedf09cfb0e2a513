/**
 * The admin side of cadetship installments (docs/requirements.md#req-installments),
 * free of React: the request of a payment link (POST
 * /api/admin/enrollments/:orderId/installments/:number/link, bearer token) and the words of the
 * installments part of the enrolment detail.
 */
import {InstallmentLinkResponseSchema, type InstallmentViewBody} from '#schemas/contracts/installments'
import {formatAmountMinor, formatProviderDateTime} from '#schemas/rules/receipt-format'
import {INSTALLMENT_STATE_LABELS} from '#schemas/rules/installments'
import {adminFetch} from './admin-fetch'

export const INSTALLMENT_MESSAGES = {
  failed: 'The payment link could not be created. Please try again.',
  sent: (number: number, email: string) => `The payment link of installment ${number} was e-mailed to ${email}.`,
} as const

export const installmentLinkUrl = (orderId: string, number: number) => `/api/admin/enrollments/${encodeURIComponent(orderId)}/installments/${number}/link`

/**
 * Asks for the payment link of installment `number`; resolves to the installment and the
 * enrolment after it. Throws UnauthorizedError on 401, Error with the server's reason for a
 * refusal (400, 404, 409, 502, 504), Error(INSTALLMENT_MESSAGES.failed) for anything else.
 */
export const requestInstallmentLink = (token: string, orderId: string, number: number) =>
  adminFetch(installmentLinkUrl(orderId, number), {
    token,
    method: 'POST',
    body: {},
    schema: InstallmentLinkResponseSchema,
    failed: INSTALLMENT_MESSAGES.failed,
    serverMessage: (status) => status !== 500,
  })

/** The state line of an installment: "Paid · receipt MTC-2026-00002", "Requested · pay by …", "Expired", "Due". */
export function installmentStateText(installment: InstallmentViewBody): string {
  const label = INSTALLMENT_STATE_LABELS[installment.state]
  if (installment.state === 'paid') return installment.receiptNumber ? `${label} · receipt ${installment.receiptNumber}` : `${label} · receipt being issued`
  if (installment.state === 'requested' && installment.expireBy) return `${label} · link open until ${formatProviderDateTime(installment.expireBy)}`
  if (installment.state === 'expired' && installment.expireBy) return `${label} · the link expired ${formatProviderDateTime(installment.expireBy)}`
  return label
}

/** The fee as the detail writes it: "USD 2,500.00". */
export const installmentFeeText = (installment: InstallmentViewBody) => formatAmountMinor(installment.amountMinor, 'USD')

/** The action staff may take on an installment, if any: "Request installment 2", or "Send a new link" after an expiry. */
export function installmentAction(installment: InstallmentViewBody, firstPaid: boolean): string | null {
  if (installment.number < 2 || !firstPaid) return null
  if (installment.state === 'due') return `Request installment ${installment.number}`
  if (installment.state === 'expired') return 'Send a new link'
  return null
}
