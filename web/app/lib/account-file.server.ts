/**
 * A file of the signed-in candidate from My training (docs/requirements.md#req-account): a
 * certificate, a practice exam's results PDF, the export of their data. Without a live session:
 * to /account with "Please sign in again" when it expired, coming back here after signing in.
 * A file that is not theirs (ServiceError 'not-found' from the services' ownership checks): 404,
 * exactly like one that does not exist. Personal: no-store, noindex, as an attachment.
 */
import {redirect} from '@remix-run/node'
import {readAccountCookie} from '#netlify/platform/account-cookie'
import {noStoreHeaders} from '#netlify/platform/cache'
import {ServiceError} from '#netlify/platform/errors'
import {accountPath} from '#schemas/rules/paths'
import {readSession} from '#netlify/services/account/sessions'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}

/** What a route hands out: the bytes, their type and the attachment's name. */
export type AccountFile = {bytes: Uint8Array; contentType: string; fileName: string}

/** Answers `request` with the file `produce` makes for the session's address (see the module comment). */
export async function accountFileResponse(request: Request, produce: (email: string) => Promise<AccountFile>): Promise<Response> {
  const state = await readSession(readAccountCookie(request))
  if (state.state !== 'live') {
    const url = new URL(request.url)
    throw redirect(accountPath({next: url.pathname, expired: state.state === 'expired'}), {status: 303, headers: noStoreHeaders(NOINDEX)})
  }
  try {
    const file = await produce(state.candidate.email)
    return new Response(new Blob([file.bytes as Uint8Array<ArrayBuffer>]), {
      headers: noStoreHeaders({
        ...NOINDEX,
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.byteLength),
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
      }),
    })
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not-found') {
      return new Response('Not Found', {status: 404, headers: noStoreHeaders({...NOINDEX, 'Content-Type': 'text/plain; charset=utf-8'})})
    }
    throw error
  }
}
