/**
 * The erasure ledger (docs/requirements.md#req-privacy): store `privacy-erasures`, one JSON
 * ErasureLedgerEntry per erasure under `entry/{ISO time with '-' for ':'}_{random}`, written once
 * (`onlyIfNew`), never changed. It keeps the SHA-256 of the lower-cased address, never the address:
 * enough to find the person's records again (./erasure.ts reapplyErasures, after a restore of an
 * older backup) and nothing to read them by.
 */
import {randomBytes} from 'node:crypto'
import type {AuditActor} from '#schemas/contracts/audit'
import {listKeys, openStore, STORES} from '#netlify/platform/blobs'

/** One erasure: the address's hash, why, when (ISO 8601), who, and whether the person objected to their name staying in the certificate register. */
export type ErasureLedgerEntry = {
  id: string
  emailHash: string
  reason: string
  at: string
  actor: AuditActor
  objection: boolean
}

const KEY_PATTERN = /^entry\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z_[0-9a-f]{12}$/
const store = () => openStore(STORES.privacyErasures)

/** Appends an entry at `now`; resolves to it. Throws when storage fails (the erasure then does not start). */
export async function appendLedgerEntry(input: Omit<ErasureLedgerEntry, 'id' | 'at'>, now: Date): Promise<ErasureLedgerEntry> {
  const at = now.toISOString()
  const id = `${at.replace(/:/g, '-')}_${randomBytes(6).toString('hex')}`
  const entry: ErasureLedgerEntry = {id, at, ...input}
  const {modified} = await store().setJSON(`entry/${id}`, entry, {onlyIfNew: true})
  if (!modified) throw new Error(`Erasure ledger entry ${id} already exists`)
  return entry
}

/** Every entry, oldest first. */
export async function readLedger(): Promise<ErasureLedgerEntry[]> {
  const ledger = store()
  const keys = (await listKeys(ledger, (key) => KEY_PATTERN.test(key), {prefix: 'entry/'})).sort()
  const entries = await Promise.all(keys.map((key) => ledger.get(key, {type: 'json'}) as Promise<ErasureLedgerEntry | null>))
  return entries.filter((entry): entry is ErasureLedgerEntry => entry !== null && typeof entry.emailHash === 'string')
}

/** The entries of one address's hash, oldest first. */
export async function ledgerEntriesOf(emailHash: string): Promise<ErasureLedgerEntry[]> {
  return (await readLedger()).filter((entry) => entry.emailHash === emailHash)
}
