/**
 * The export of a privacy request (docs/requirements.md#req-privacy): one zip (fflate) of what
 * the site holds about a person:
 *
 *   README.txt                     what the archive holds, and when it was made
 *   {kind}.json                    the records of each kind (./lookup.ts toPrivacyRecords), `[]` when none
 *   documents/{orderId}/{n}-{name} the bytes of each document attached to the person's enrolments
 *
 * Only documents attached to an enrolment that names the person are read (an upload belongs to the
 * one order that claimed it), so nobody else's file can be in it. File names are reduced to
 * letters, digits, `.`, `-` and `_` (at most 100 characters) and numbered, so none can climb out of
 * its folder or overwrite another. A document whose bytes are gone (deleted by retention) is
 * listed in uploads.json with `missing: true`.
 */
import {strToU8, zipSync, type Zippable} from 'fflate'
import {PRIVACY_KINDS, privacyExportFileName, type PrivacyCounts} from '#schemas/contracts/privacy'
import {ServiceError} from '#netlify/platform/errors'
import {readUpload} from '../uploads/uploads'
import {lookupPerson} from './lookup'

/** A file name safe inside the archive: letters, digits, `.`, `-`, `_`; no leading dot; at most 100 characters. */
export function safeArchiveName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFKD')
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100)
  return cleaned || 'document'
}

/** The archive of `email` (validated, lower-cased) at `now`: its bytes, its file name, the address's hash and the counts. */
export type PersonExport = {bytes: Uint8Array; fileName: string; emailHash: string; counts: PrivacyCounts; documents: number}

/**
 * Builds the export of `email` at `now` (see the module comment). Throws ServiceError not-found
 * when nothing names the address (an address erased before has nothing left to export).
 */
export async function exportPerson(email: string, options: {now?: Date} = {}): Promise<PersonExport> {
  const now = options.now ?? new Date()
  const lookup = await lookupPerson(email, {now})
  if (lookup.total === 0) throw new ServiceError('not-found', 'Nothing names this e-mail address any more: it was erased')
  const files: Zippable = {}
  const uploads: Record<string, unknown>[] = []
  let documents = 0
  for (const [index, {orderId, attachment}] of lookup.found.uploads.entries()) {
    const path = `documents/${safeArchiveName(orderId)}/${index + 1}-${safeArchiveName(attachment.fileName)}`
    try {
      const {bytes} = await readUpload(attachment.uploadId)
      files[path] = [bytes, {level: 0}]
      uploads.push({orderId, ...attachment, file: path})
      documents++
    } catch (error) {
      if (!(error instanceof ServiceError && error.kind === 'not-found')) throw error
      uploads.push({orderId, ...attachment, missing: true})
    }
  }
  for (const kind of PRIVACY_KINDS) {
    const records = kind === 'uploads' ? uploads : lookup.records[kind].map((item) => item.record ?? {id: item.id, label: item.label, date: item.date})
    files[`${kind}.json`] = strToU8(`${JSON.stringify(records, null, 2)}\n`)
  }
  files['README.txt'] = strToU8(readme(lookup.email, lookup.counts, documents, now))
  return {
    bytes: zipSync(files, {level: 6}),
    fileName: privacyExportFileName(lookup.emailHash, now),
    emailHash: lookup.emailHash,
    counts: lookup.counts,
    documents,
  }
}

function readme(email: string, counts: PrivacyCounts, documents: number, now: Date): string {
  return [
    `Personal data held about ${email}`,
    `Exported ${now.toISOString()}`,
    '',
    'Each JSON file holds the records of one kind, as stored:',
    ...PRIVACY_KINDS.map((kind) => `  ${kind}.json: ${counts[kind]}`),
    `The folder documents/ holds ${documents} uploaded document(s), by order.`,
    'groupBookings.json holds the group bookings that name the person: the whole booking for its contact person; for a delegate, their own entry with the booking, company, course and dates.',
    'examAttempts.json holds the practice exam attempts kept with the My training account; attempts made while signed out stay in the candidate’s own browser.',
    '',
  ].join('\n')
}
