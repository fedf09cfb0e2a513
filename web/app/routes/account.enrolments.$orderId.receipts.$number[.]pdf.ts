/**
 * GET /account/enrolments/{orderId}/receipts/{number}.pdf — a receipt PDF of the signed-in
 * candidate's enrolment (docs/requirements.md#req-account): the one the receipt e-mail carried.
 * Another candidate's order, or a number that is not one of the order's receipts: 404. Without a
 * live session: to /account with "Please sign in again", coming back here after signing in.
 */
import {redirect, type LoaderFunctionArgs} from '@remix-run/node'
import {readAccountCookie} from '#netlify/platform/account-cookie'
import {noStoreHeaders} from '#netlify/platform/cache'
import {ServiceError} from '#netlify/platform/errors'
import {accountPath} from '#schemas/rules/paths'
import {ownedEnrolment} from '#netlify/services/account/records'
import {receiptPdfForCandidate} from '#netlify/services/account/payments'
import {readSession} from '#netlify/services/account/sessions'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}

export async function loader({request, params}: LoaderFunctionArgs) {
  const state = await readSession(readAccountCookie(request))
  const url = new URL(request.url)
  if (state.state !== 'live')
    throw redirect(accountPath({next: url.pathname, expired: state.state === 'expired'}), {status: 303, headers: noStoreHeaders(NOINDEX)})
  try {
    const record = await ownedEnrolment(state.candidate.email, params.orderId ?? '')
    const pdf = await receiptPdfForCandidate(record, params.number ?? '')
    return new Response(new Blob([pdf.bytes as Uint8Array<ArrayBuffer>]), {
      headers: noStoreHeaders({
        ...NOINDEX,
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.bytes.byteLength),
        'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
      }),
    })
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not-found') {
      return new Response('Not Found', {status: 404, headers: noStoreHeaders({...NOINDEX, 'Content-Type': 'text/plain; charset=utf-8'})})
    }
    throw error
  }
}
