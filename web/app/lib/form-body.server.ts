/**
 * Reading an HTML form's body in a Remix action (finding 2: a JSON, text, untyped or
 * broken multipart body made `request.formData()` throw, and the page answered 500).
 *
 * `readFormBody(request, maxBytes)` resolves to `{ok: true, form}` for an
 * `application/x-www-form-urlencoded` or `multipart/form-data` body (with a boundary) of at most
 * `maxBytes` bytes that parses; otherwise to `{ok: false, status, message}`:
 * 415 another or no content type; 413 larger than `maxBytes` (declared or actual, read no further);
 * 400 a body that does not parse (truncated multipart, no boundary). Never throws for bad input.
 */
import {readBody} from '#netlify/platform/http'
import {refusalOf} from './service-response.server'

export type FormBody = {ok: true; form: FormData} | {ok: false; status: 400 | 413 | 415; message: string}

export const FORM_BODY_MESSAGES = {
  unsupported: 'Send the form as application/x-www-form-urlencoded or multipart/form-data.',
  tooLarge: 'The form is too large to send.',
  unreadable: 'The form could not be read. Please try again.',
} as const

export async function readFormBody(request: Request, maxBytes: number): Promise<FormBody> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  const urlencoded = /^application\/x-www-form-urlencoded\b/.test(type)
  const multipart = /^multipart\/form-data\b/.test(type) && /;\s*boundary=/.test(type)
  if (!urlencoded && !multipart) {
    return /^multipart\/form-data\b/.test(type)
      ? {ok: false, status: 400, message: FORM_BODY_MESSAGES.unreadable}
      : {ok: false, status: 415, message: FORM_BODY_MESSAGES.unsupported}
  }
  let bytes: Uint8Array
  try {
    bytes = await readBody(request, maxBytes)
  } catch (error) {
    if (refusalOf(error)?.status === 413) return {ok: false, status: 413, message: FORM_BODY_MESSAGES.tooLarge}
    return {ok: false, status: 400, message: FORM_BODY_MESSAGES.unreadable}
  }
  try {
    const form = await new Response(bytes as Uint8Array<ArrayBuffer>, {headers: {'Content-Type': request.headers.get('content-type') ?? ''}}).formData()
    return {ok: true, form}
  } catch {
    return {ok: false, status: 400, message: FORM_BODY_MESSAGES.unreadable}
  }
}
