/**
 * E-mails the owners when the daily backup needs them (docs/requirements.md#req-backups): once
 * per incident — a failed run (by its start time) or a stale backup (by the last success) — never
 * again for the same one, whoever notices it first (the failed run itself, or the hourly check).
 */
import {createHash} from 'node:crypto'
import {publicOrigin} from '#netlify/platform/env'
import {refuse, updateJSON} from '#netlify/platform/blobs'
import {ADMIN_BACKUPS_PATH} from '#schemas/rules/paths'
import {backupWarning} from '#schemas/rules/backup-health'
import {deliverOne} from '../mail/deliver'
import {enqueue} from '../mail/outbox'
import {renderBackupAlert} from '../mail/templates/backup-alert'
import {receiptContext} from '../receipts/context'
import {listStaff} from '../staff/directory'
import {readRunState, stateStore} from './state'

/** The addresses of the active owners (the bootstrap owner included). */
export async function ownerAddresses(now = new Date()): Promise<string[]> {
  const staff = await listStaff({now})
  return [...new Set(staff.filter((person) => person.role === 'owner' && person.status === 'active').map((person) => person.email))]
}

/**
 * Checks the backup's health at `now` and, when it needs attention and the owners were not told
 * about this incident yet, queues one e-mail to every owner and tries it once. Resolves to the
 * warning e-mailed, or null (healthy, already told, or no owner). Throws only when Blobs does.
 */
export async function alertOwners(options: {now?: Date; origin?: string} = {}): Promise<string | null> {
  const now = options.now ?? new Date()
  const state = await readRunState(now)
  const warning = backupWarning({...state, now})
  if (!warning) return null
  const incident = state.last?.result === 'failed' ? `failed ${state.last.at}` : `stale ${state.lastSucceededAt ?? 'never'}`
  const {refusal} = await updateJSON<{incident: string; at: string}, 'told'>(stateStore(), 'alert', (current) =>
    current?.incident === incident ? refuse('told' as const) : {incident, at: now.toISOString()},
  )
  if (refusal) return null
  const to = await ownerAddresses(now)
  if (to.length === 0) return null
  const {provider} = await receiptContext()
  const mail = await renderBackupAlert({provider, warning, url: `${options.origin ?? publicOrigin()}${ADMIN_BACKUPS_PATH}`})
  const about = `incident-${createHash('sha256').update(incident).digest('hex').slice(0, 24)}`
  const {id} = await enqueue({kind: 'backup-alert', about, to, ...mail}, {now})
  await deliverOne(id, {now}).catch((error: unknown) => console.error('[backup] the alert was not sent yet; the outbox job retries', error))
  return warning
}
