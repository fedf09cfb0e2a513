/**
 * Sanity's "publish" webhook (POST /api/sanity/webhook; netlify/functions/sanity-webhook.ts is its
 * edge): the signature of the `sanity-webhook-signature` header (@sanity/webhook, secret
 * SANITY_WEBHOOK_SECRET) over the raw body, then the projected document `{_id, _type, slug,
 * category}` mapped to cache tags (netlify/platform/cache-tags.ts) and purged from Netlify's CDN
 * with purgeCache, so the next request reads the Content Lake.
 *
 * The edge answers: 200 {purged: tags} (plus `note` when not running on Netlify, where there is
 * no CDN to purge); 401 {error: 'Invalid webhook signature'}, or a valid signature whose timestamp
 * is more than 5 minutes from now (a replay); 503 when SANITY_WEBHOOK_SECRET is not configured;
 * 400 bad projection; 413 over 64 KB; 405 not POST; 502 when the purge fails on Netlify (Sanity
 * retries the webhook).
 */
import {purgeCache} from '@netlify/functions'
import {decodeSignatureHeader, isValidSignature} from '@sanity/webhook'
import {getEnv} from '#netlify/platform/env'
import {ServiceError} from '#netlify/platform/errors'
import {tagsForDocument, type WebhookPayload} from '#netlify/platform/cache-tags'

/** A projection of a few fields is well under 1 KB; 64 KB leaves room for a larger one. */
export const MAX_WEBHOOK_BYTES = 64 * 1024

/**
 * How far a signature's timestamp may be from now (milliseconds): an older (or future) signed
 * request is a replay and is refused (401). Sanity retries a failed
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

/** The secret the webhook is signed with; ServiceError unavailable when SANITY_WEBHOOK_SECRET is not set. */
export function webhookSecret(): string {
  const secret = getEnv().SANITY_WEBHOOK_SECRET
  if (!secret) throw new ServiceError('unavailable', 'The Sanity webhook is not configured (SANITY_WEBHOOK_SECRET)')
  return secret
}

/** The edge's 401 messages of signatureProblem's verdicts. */
export const SIGNATURE_MESSAGES = {
  invalid: 'Invalid webhook signature',
  expired: 'Webhook signature expired: its timestamp is more than 5 minutes from now',
} as const

/**
 * What is wrong with `signature` (the header, or null) over `raw` signed with `secret`:
 * 'invalid' (missing, malformed or wrong), 'expired' (a timestamp more than
 * SIGNATURE_TOLERANCE_MS from webhookClock.now()), or null when it is good.
 */
export async function signatureProblem(raw: string, signature: string | null, secret: string): Promise<keyof typeof SIGNATURE_MESSAGES | null> {
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
  if (!valid) return 'invalid'
  if (!(Math.abs(webhookClock.now() - signedAt) <= SIGNATURE_TOLERANCE_MS)) return 'expired'
  return null
}

/**
 * Purges the cache tags of the published `document`: `{purged: tags}`, with `note` when not on
 * Netlify (nothing to purge). Throws ServiceError upstream when the purge fails on Netlify.
 */
export async function purgeForDocument(document: WebhookPayload): Promise<{purged: string[]; note?: string}> {
  const tags = tagsForDocument(document)
  try {
    await cachePurger.purge(tags)
  } catch (error) {
    if (onNetlify()) {
      console.error('[sanity-webhook] purgeCache failed', error)
      throw new ServiceError('upstream', 'Purging the CDN cache failed')
    }
    console.warn('[sanity-webhook] not on Netlify: nothing to purge', (error as Error).message)
    return {purged: tags, note: 'not on Netlify'}
  }
  return {purged: tags}
}
