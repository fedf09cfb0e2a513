/**
 * POST /api/sanity/webhook — Sanity's publish webhook: 503 unconfigured, 413 over 64 KB, 401 a bad
 * or expired signature, 400 not JSON or a bad projection, 502 the purge failed; see
 * netlify/services/content/sanity-webhook.ts.
 */
import type {Config} from '@netlify/functions'
import {SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {WebhookPayloadSchema} from '#netlify/platform/cache-tags'
import {handle, HttpError, json, parseWith, readBody, requireMethod} from '../platform/http'
import {MAX_WEBHOOK_BYTES, purgeForDocument, SIGNATURE_MESSAGES, signatureProblem, webhookSecret} from '../services/content/sanity-webhook'

export {cachePurger, MAX_WEBHOOK_BYTES, SIGNATURE_TOLERANCE_MS, webhookClock} from '../services/content/sanity-webhook'

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  const secret = webhookSecret()
  const raw = new TextDecoder().decode(await readBody(request, MAX_WEBHOOK_BYTES))
  const problem = await signatureProblem(raw, request.headers.get(SIGNATURE_HEADER_NAME), secret)
  if (problem) throw new HttpError(401, SIGNATURE_MESSAGES[problem])
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    throw new HttpError(400, 'The body is not valid JSON')
  }
  return json(await purgeForDocument(parseWith(WebhookPayloadSchema, body)))
})

export const config: Config = {path: '/api/sanity/webhook'}
