/**
 * GET /account/exam-attempts/{attemptId}.pdf — the results PDF of a practice exam attempt kept
 * with the signed-in account (docs/requirements.md#req-account), printed from the score the server
 * computed when it was stored (netlify/services/account/exam-attempts.ts). Another candidate's
 * attempt, or one that does not exist: 404. Without a live session: to /account with "Please sign
 * in again", back here after signing in.
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {examAttemptPdf} from '#netlify/services/account/exam-attempts'
import {accountFileResponse} from '~/lib/account-file.server'

export async function loader({request, params}: LoaderFunctionArgs) {
  return accountFileResponse(request, async (email) => {
    const {bytes, fileName} = await examAttemptPdf(email, params.attemptId ?? '')
    return {bytes, fileName, contentType: 'application/pdf'}
  })
}
