/** POST /api/sanity/webhook — see netlify/services/content/sanity-webhook.ts (signature, replay window, purge). */
import type {Config} from '@netlify/functions'
import {handle} from '../platform/http'
import {handleSanityWebhook} from '../services/content/sanity-webhook'

export {cachePurger, MAX_WEBHOOK_BYTES, SIGNATURE_TOLERANCE_MS, webhookClock} from '../services/content/sanity-webhook'

export default handle(handleSanityWebhook)

export const config: Config = {path: '/api/sanity/webhook'}
