/**
 * GET /account/my-data — "Download my data" in My training (docs/requirements.md#req-account,
 * #req-privacy): the privacy export of the signed-in address, the same zip the owner downloads
 * for a privacy request (netlify/services/privacy/export.ts: a JSON file per kind of record and
 * the uploaded documents), as `personal-data-{hash}-{YYYY-MM-DD}.zip`. 404 when nothing names the
 * address any more (erased). Without a live session: to /account with "Please sign in again".
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {exportPerson} from '#netlify/services/privacy/export'
import {accountFileResponse} from '~/lib/account-file.server'

export async function loader({request}: LoaderFunctionArgs) {
  return accountFileResponse(request, async (email) => {
    const archive = await exportPerson(email)
    return {bytes: archive.bytes, fileName: archive.fileName, contentType: 'application/zip'}
  })
}
