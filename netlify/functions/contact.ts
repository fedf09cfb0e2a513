/**
 * POST /api/contact (docs/requirements.md#req-calls): JSON {name, email, phone?, subject, message} (and the
 * `website` honeypot) → 200 {ok: true}; the spec's client reads the answer only for
 * truthiness. Invalid fields → 400 {error, details: {field: [messages]}}; not JSON → 415;
 * over 32 KB → 413; over the client's limit → 429 with Retry-After. The work is done by
 * acceptContactMessage (netlify/services/enquiries/contact.ts), the same code as the /contact page's action.
 */
import type {Config} from '@netlify/functions'
import {acceptContactMessage, ContactSubmissionSchema} from '../services/enquiries/contact'
import {clientAddress, handle, json, readJson, requireMethod} from '../platform/http'

/** A contact message is a few KB at most (message ≤ 5000 characters). */
const MAX_CONTACT_BYTES = 32 * 1024

export default handle(async (request: Request, context: {ip?: string}) => {
  requireMethod(request, 'POST')
  const submission = await readJson(request, ContactSubmissionSchema, MAX_CONTACT_BYTES)
  await acceptContactMessage(submission, {client: clientAddress(request, context)})
  return json({ok: true})
})

export const config: Config = {path: '/api/contact'}
