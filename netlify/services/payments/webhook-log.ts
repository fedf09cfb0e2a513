/**
 * The Razorpay webhook's event log for staff (/admin/payments): one entry per delivery
 * in the `webhook-log` store, under a time-sortable key `{ISO time}_{random}`, with Razorpay's event
 * id, the event type, the order it concerned and the result:
 *   processed  a payment event that marked (or had already marked) its order paid;
 *   duplicate  an event id delivered again after it was processed;
 *   rejected   a bad signature or a body that is not a Razorpay event (the answer was 4xx);
 *   ignored    an event the site does not act on, or a payment for an unknown order or amount.
 * Writing an entry never fails the webhook (logged instead). The log keeps the newest
 * WEBHOOK_LOG_KEEP entries (pruneWebhookLog, run by the reconciliation job).
 */
import {randomBytes} from 'node:crypto'
import type {WebhookLogEntry} from '#schemas/contracts/payments'
import {JsonRecordCache, listKeys, openStore, STORES} from '#netlify/platform/blobs'

export type {WebhookLogEntry, WebhookLogResult} from '#schemas/contracts/payments'

/** How many entries the log keeps. */
export const WEBHOOK_LOG_KEEP = 1000

const KEY_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z_[0-9a-f]{12}$/
const store = () => openStore(STORES.webhookLog)

/** Appends an entry (its `at` is the key's time). Never throws: a failure is logged. */
export async function logWebhookEvent(entry: WebhookLogEntry): Promise<void> {
  try {
    const key = `${entry.at.replace(/:/g, '-')}_${randomBytes(6).toString('hex')}`
    await store().setJSON(key, entry, {onlyIfNew: true})
  } catch (error) {
    console.error('[webhook] the event log entry could not be written', error)
  }
}

/** The entries, read once per ETag (JsonRecordCache): an entry is written once, so a list reads only the new ones. */
const entries = new JsonRecordCache<WebhookLogEntry>(
  STORES.webhookLog,
  (key) => KEY_PATTERN.test(key),
  (value) => (value && typeof value === 'object' ? (value as WebhookLogEntry) : null),
)

/** Every kept entry (at most WEBHOOK_LOG_KEEP after a prune), newest first (by key: time, then random). */
export async function readWebhookLog(): Promise<WebhookLogEntry[]> {
  const records = await entries.readAll()
  return records.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0)).map((record) => record.value)
}

/** The newest `limit` entries (default 200), newest first. */
export async function listWebhookLog(limit = 200): Promise<WebhookLogEntry[]> {
  return (await readWebhookLog()).slice(0, limit)
}

/** Deletes all but the newest `keep` entries (default WEBHOOK_LOG_KEEP). Resolves to the number deleted. */
export async function pruneWebhookLog(keep = WEBHOOK_LOG_KEEP): Promise<number> {
  const old = (await listKeys(store(), (key) => KEY_PATTERN.test(key))).sort().reverse().slice(keep)
  await Promise.all(old.map((key) => store().delete(key)))
  return old.length
}
