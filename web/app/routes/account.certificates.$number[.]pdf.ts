/**
 * GET /account/certificates/{number}.pdf — a certificate of the signed-in candidate
 * (docs/requirements.md#req-account): the PDF its e-mail carried (netlify/services/certificates
 * certificatePdf; a revoked one says so). Another candidate's number, or one that does not exist:
 * 404. Without a live session: to /account with "Please sign in again", back here after signing in.
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {ServiceError} from '#netlify/platform/errors'
import {ACCOUNT_NOT_FOUND} from '#schemas/contracts/account'
import {certificateFileName} from '#schemas/rules/certificates'
import {ownedCertificate} from '#netlify/services/account/records'
import {certificatePdf} from '#netlify/services/certificates/register'
import {accountFileResponse} from '~/lib/account-file.server'

export async function loader({request, params}: LoaderFunctionArgs) {
  return accountFileResponse(request, async (email) => {
    const record = await ownedCertificate(email, params.number ?? '')
    const found = await certificatePdf(record.number)
    if (!found) throw new ServiceError('not-found', ACCOUNT_NOT_FOUND)
    return {bytes: found.pdf, contentType: 'application/pdf', fileName: certificateFileName(record.number)}
  })
}
