/**
 * GET /account/enrolments/{orderId}/receipts/{number}.pdf — a receipt PDF of the signed-in
 * candidate's enrolment (docs/requirements.md#req-account): the one the receipt e-mail carried,
 * or a processed refund's receipt (`{number}` its `rf_…` id). Another candidate's order, or a
 * number that is not one of the order's receipts: 404. Without a live session: to /account with
 * "Please sign in again", coming back here after signing in (~/lib/account-file.server.ts).
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {ownedEnrolment} from '#netlify/services/account/records'
import {receiptPdfForCandidate} from '#netlify/services/account/payments'
import {accountFileResponse} from '~/lib/account-file.server'

export async function loader({request, params}: LoaderFunctionArgs) {
  return accountFileResponse(request, async (email) => {
    const record = await ownedEnrolment(email, params.orderId ?? '')
    const pdf = await receiptPdfForCandidate(record, params.number ?? '')
    return {bytes: pdf.bytes, contentType: 'application/pdf', fileName: pdf.fileName}
  })
}
