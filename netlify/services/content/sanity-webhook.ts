/**
 * The logic of POST /api/sanity/webhook (netlify/functions/sanity-webhook.ts is its thin edge): Sanity's "publish" webhook. Verifies the `sanity-webhook-signature`
 * header (@sanity/webhook, secret SANITY_WEBHOOK_SECRET) over the raw body, maps the projected
 * document `{_id, _type, slug, category}` to cache tags (netlify/platform/cache-tags.ts) and purges
 * them from Netlify's CDN with purgeCache, so the next request reads the Content Lake.
 *
 * Answers: 200 {purged: tags} (plus `note` when not running on Netlify, where there is no CDN
 * to purge); 401 {error: 'Invalid webhook signature'}, or a valid signature whose timestamp is
 * more than 5 minutes from now (a replay); 503 when SANITY_WEBHOOK_SECRET is not
 * configured; 400 bad projection; 413 over 64 KB; 405 not POST; 502 when the purge fails on
 * Netlify (Sanity retries the webhook).
 */
import {purgeCache} from '@netlify/functions'
import {decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {getEnv} from '#netlify/platform/env'
import {tagsForDocument, WebhookPayloadSchema} from '#netlify/platform/cache-tags'
import {HttpError, json, parseWith, readBody, requireMethod} from '#netlify/platform/http'

/** A projection of a few fields is well under 1 KB; 64 KB leaves room for a larger one. */
export const MAX_WEBHOOK_BYTES = 64 * 1024

/**
 * How far a signature's timestamp may be from now (milliseconds): an older (or future) signed
 * request is a replay and is refused with 401 (issue 12, finding 10). Sanity retries a failed
 * delivery with a fresh signature, so a real delivery is never that old.
 */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000

/** The clock seam: tests replace `webhookClock.now` (milliseconds since the epoch). */
export const webhookClock = {now: (): number => Date.now()}

/** The purge seam: tests replace `cachePurger.purge` with a double. */
export const cachePurger = {
  purge: (tags: string[]): Promise<void> => purgeCache({tags}),
}

/** Whether this process runs on Netlify (where purgeCache has a site and a token). */
function onNetlify(): boolean {
  const env = getEnv()
  return Boolean(env.NETLIFY || env.NETLIFY_PURGE_API_TOKEN || env.SITE_ID)
}

/** Handles one webhook call; errors are HttpErrors (see the answers above). */
export async function handleSanityWebhook(request: Request): Promise<Response> {
  requireMethod(request, 'POST')
  const secret = getEnv().SANITY_WEBHOOK_SECRET
  if (!secret) throw new HttpError(503, 'The Sanity webhook is not configured (SANITY_WEBHOOK_SECRET)')

  const raw = new TextDecoder().decode(await readBody(request, MAX_WEBHOOK_BYTES))
  const signature = request.headers.get(SIGNATURE_HEADER_NAME)
  let valid = false
  let signedAt = Number.NaN
  if (signature) {
    try {
      valid = await isValidSignature(raw, signature, secret)
      signedAt = decodeSignatureHeader(signature).timestamp
    } catch {
      valid = false // a malformed header is as bad as a wrong one
    }
  }
  if (!valid) throw new HttpError(401, 'Invalid webhook signature')
  if (!(Math.abs(webhookClock.now() - signedAt) <= SIGNATURE_TOLERANCE_MS))
    throw new HttpError(401, 'Webhook signature expired: its timestamp is more than 5 minutes from now')

  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    throw new HttpError(400, 'The body is not valid JSON')
  }
  const tags = tagsForDocument(parseWith(WebhookPayloadSchema, body))

  try {
    await cachePurger.purge(tags)
  } catch (error) {
    if (onNetlify()) {
      console.error('[sanity-webhook] purgeCache failed', error)
      throw new HttpError(502, 'Purging the CDN cache failed')
    }
    console.warn('[sanity-webhook] not on Netlify: nothing to purge', (error as Error).message)
    return json({purged: tags, note: 'not on Netlify'})
  }
  return json({purged: tags})
}
