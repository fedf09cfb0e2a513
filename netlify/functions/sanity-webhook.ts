/** POST /api/sanity/webhook — see netlify/lib/sanity-webhook.ts (signature, replay window, purge). */
import type {Config} from '@netlify/functions'
import {handle} from '../lib/http'
import {handleSanityWebhook} from '../lib/sanity-webhook'

export {cachePurger, MAX_WEBHOOK_BYTES, SIGNATURE_TOLERANCE_MS, webhookClock} from '../lib/sanity-webhook'

export default handle(handleSanityWebhook)

export const config: Config = {path: '/api/sanity/webhook'}
