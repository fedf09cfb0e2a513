/**
 * The documents panel and the names for certificates of My training
 * (docs/requirements.md#req-account; the rules and the choices: docs/account/documents-and-names.md).
 *
 * Documents (cadetship enrolments only): the content's checklist, what is uploaded, and "Add
 * document". A document goes up through the enrolment form's own chunked upload
 * (../uploads/uploads.ts: type by magic bytes, 10 MB, 415/413/400 there), then addDocument
 * attaches the completed upload to the candidate's enrolment:
 *   1. the enrolment is the candidate's (ownedEnrolment: 404 otherwise), a cadetship one, still
 *      open (not completed, cancelled or refunded, documents not deleted: the retention rule
 *      would otherwise never delete a late document);
 *   2. the upload is claimed for that order (claimUpload: a conditional write; an upload of
 *      another order, unknown or not complete is refused) — so the retention job, which deletes
 *      the uploads claimed by an order, deletes this one too;
 *   3. one conditional write (updateJSON) on the record appends the attachment (`addedBy:
 *      'candidate'`, `addedAt`) and a history entry by CANDIDATE_ACCOUNT, checking again the
 *      5-document limit on the record as written; a refusal here releases the claim of step 2;
 *   4. the admin list's row is re-indexed; the staff notice `document-notice:{upload id}` is
 *      queued (one per document: the outbox keys by the id) and tried once.
 * Posting the same upload again answers the document as attached and adds nothing (the notice is
 * queued again only if an earlier call stopped before it: the outbox keeps one).
 *
 * Names for certificates: the name as on the passport, the date of birth and the nationality,
 * stored as `certificateHolder` on each of the candidate's enrolments (staff's certificate form
 * starts from them), with a history entry per enrolment naming each change. Locked (409
 * PROFILE_LOCKED) once any certificate was issued under the address.
 */
import {openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import {fetchContent} from '#netlify/platform/content/client'
import {NEXT_STEPS_QUERY} from '#netlify/platform/content/queries'
import {ServiceError} from '#netlify/platform/errors'
import {publicOrigin} from '#netlify/platform/env'
import {
  CANDIDATE_ACCOUNT,
  CHECKLIST_ITEM_UNKNOWN,
  DOCUMENTS_CADETSHIP_ONLY,
  DOCUMENTS_CLOSED,
  PROFILE_LOCKED,
  type AddDocumentResponse,
  type PortalDocuments,
  type PortalProfile,
  type PortalUpload,
  type ProfileUpdate,
} from '#schemas/contracts/account'
import type {Attachment} from '#schemas/contracts/uploads'
import {missingDocuments} from '#schemas/rules/document-checklist'
import {isRetentionStatus} from '#schemas/rules/document-retention'
import {FILES_SKIPPED_MESSAGE, MAX_DOCUMENTS} from '#schemas/rules/documents'
import {ADMIN_LIST_PATH, absoluteUrl} from '#schemas/rules/paths'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import type {CertificateHolder, EnrolmentHistoryEntry, EnrolmentRecord} from '../enrolments/enrolments'
import {indexEnrolmentSafely} from '../enrolments/index-store'
import type {CertificateRecord} from '../certificates/register'
import {deliverOne, VISITOR_SEND_TIMEOUT_MS} from '../mail/deliver'
import {documentNoticeMessage, staffRecipients} from '../mail/messages'
import {enqueue} from '../mail/outbox'
import {receiptContext} from '../receipts/context'
import {claimUpload, releaseUploadClaim} from '../uploads/uploads'
import {ownedCertificates, ownedEnrolment, ownedEnrolments} from './records'

/** The history note of a document the candidate added. */
export const documentAddedNote = (fileName: string, checklistItem: string | null): string =>
  `Document added by the candidate: ${fileName}${checklistItem ? ` (${checklistItem})` : ''}`

const store = () => openStore(STORES.enrolments)

/** Whether documents can still be added to the enrolment (open, documents not deleted). */
const acceptsDocuments = (record: EnrolmentRecord): boolean =>
  !isRetentionStatus(record.status) && !record.documentsDeletedAt && !record.documentsDeletionPending && !record.purgeStartedAt

const toPortalUpload = (attachment: Attachment): PortalUpload => ({
  uploadId: attachment.uploadId,
  fileName: attachment.fileName,
  size: attachment.size,
  addedAt: attachment.addedAt ?? null,
  addedBy: attachment.addedBy === 'candidate' ? 'candidate' : 'enrolment',
  checklistItem: attachment.checklistItem ?? null,
})

/** The documents panel of a cadetship enrolment (`checklist` from the content), else null. */
export function documentsOf(record: EnrolmentRecord, checklist: readonly string[]): PortalDocuments | null {
  if (record.trainingProgram !== CADETSHIP_TRAINING) return null
  const deleted = Boolean(record.documentsDeletedAt)
  const remaining = Math.max(0, MAX_DOCUMENTS - record.attachments.length)
  const canAdd = remaining > 0 && acceptsDocuments(record)
  return {
    checklist: [...checklist],
    uploaded: deleted ? [] : record.attachments.map(toPortalUpload),
    remaining,
    // Nothing is asked of an enrolment that can take no more documents.
    missing: canAdd ? missingDocuments(checklist, record.attachments) : [],
    canAdd,
  }
}

/** The cadetship's checklist from the content (its "documents to bring"). Throws when the content cannot be read. */
export async function cadetshipChecklist(): Promise<string[]> {
  return (await fetchContent(NEXT_STEPS_QUERY)).cadetship?.documentsToBring ?? []
}

/**
 * Attaches the completed upload `uploadId` to the candidate's enrolment `orderId` at `now` (see
 * the module comment), as the checklist item `checklistItem` (one of `checklist`, by default the
 * content's, or null).
 * Resolves to the document as listed and how many more may be added. Throws ServiceError:
 * not-found (not the candidate's), conflict (not a cadetship enrolment, closed, FILES_SKIPPED_MESSAGE
 * past 5 documents, an upload attached to another enrolment), invalid (an unknown or incomplete
 * upload, an item not on the checklist).
 */
export async function addDocument(
  email: string,
  orderId: string,
  input: {uploadId: string; checklistItem: string | null},
  options: {checklist?: readonly string[]; now?: Date; origin?: string; deliver?: boolean} = {},
): Promise<AddDocumentResponse> {
  const now = options.now ?? new Date()
  const record = await ownedEnrolment(email, orderId)
  const attached = record.attachments.find((attachment) => attachment.uploadId === input.uploadId)
  if (attached) {
    if (attached.addedBy === 'candidate') await notifyStaff(record, attached, options)
    return {document: toPortalUpload(attached), remaining: Math.max(0, MAX_DOCUMENTS - record.attachments.length)}
  }
  if (record.trainingProgram !== CADETSHIP_TRAINING) throw new ServiceError('conflict', DOCUMENTS_CADETSHIP_ONLY)
  if (!acceptsDocuments(record)) throw new ServiceError('conflict', DOCUMENTS_CLOSED)
  if (record.attachments.length >= MAX_DOCUMENTS) throw new ServiceError('conflict', FILES_SKIPPED_MESSAGE)
  const checklist = options.checklist ?? (await cadetshipChecklist())
  if (input.checklistItem !== null && !checklist.includes(input.checklistItem)) {
    throw new ServiceError('invalid', CHECKLIST_ITEM_UNKNOWN, {field: 'checklistItem', details: {checklistItem: [CHECKLIST_ITEM_UNKNOWN]}})
  }

  const upload = await claimUpload(input.uploadId, orderId)
  const at = now.toISOString()
  const attachment: Attachment = {
    ...upload,
    addedBy: 'candidate',
    addedAt: at,
    ...(input.checklistItem ? {checklistItem: input.checklistItem} : {}),
  }
  const entry: EnrolmentHistoryEntry = {at, by: CANDIDATE_ACCOUNT, note: documentAddedNote(attachment.fileName, input.checklistItem)}
  const {value, refusal} = await updateJSON<EnrolmentRecord, ServiceError>(store(), orderId, (current) => {
    if (!current) return refuse(new ServiceError('not-found', 'Not found'))
    if (current.attachments.some((a) => a.uploadId === attachment.uploadId)) return undefined
    if (!acceptsDocuments(current)) return refuse(new ServiceError('conflict', DOCUMENTS_CLOSED))
    if (current.attachments.length >= MAX_DOCUMENTS) return refuse(new ServiceError('conflict', FILES_SKIPPED_MESSAGE))
    return {
      ...current,
      attachments: [...current.attachments, attachment],
      history: [...(current.history ?? []), entry],
      updatedAt: current.updatedAt > at ? current.updatedAt : at,
    }
  })
  if (refusal || !value) {
    // Not attached: the upload may go to this enrolment again later, or be purged as unattached.
    await releaseUploadClaim(input.uploadId, orderId)
    throw refusal ?? new ServiceError('not-found', 'Not found')
  }
  await indexEnrolmentSafely(value)
  const stored = value.attachments.find((a) => a.uploadId === attachment.uploadId) ?? attachment
  await notifyStaff(value, stored, options)
  return {document: toPortalUpload(stored), remaining: Math.max(0, MAX_DOCUMENTS - value.attachments.length)}
}

/**
 * Queues the staff notice of a document the candidate added (`document-notice:{upload id}`,
 * once) and tries to send it once within VISITOR_SEND_TIMEOUT_MS (unless `deliver` is false).
 * Never throws: the document is attached whatever happens here; a failure is logged (posting
 * the same upload again queues it then).
 */
async function notifyStaff(record: EnrolmentRecord, attachment: Attachment, options: {now?: Date; origin?: string; deliver?: boolean}): Promise<void> {
  try {
    const {provider} = await receiptContext()
    const message = await documentNoticeMessage(
      {
        uploadId: attachment.uploadId,
        provider,
        candidate: {name: record.name, email: record.email, mobile: record.mobile},
        course: record.courseName || record.trainingProgramName,
        orderId: record.orderId,
        receiptNumber: record.receiptNumber ?? null,
        document: {
          fileName: attachment.fileName,
          size: attachment.size,
          checklistItem: attachment.checklistItem ?? null,
          addedAt: attachment.addedAt ?? record.updatedAt,
        },
        attached: record.attachments.length,
        adminUrl: absoluteUrl(options.origin ?? publicOrigin(), ADMIN_LIST_PATH),
      },
      staffRecipients(provider.email),
    )
    const {id} = await enqueue(message, options.now ? {now: options.now} : {})
    if (options.deliver !== false) await deliverOne(id, {...(options.now ? {now: options.now} : {}), timeoutMs: VISITOR_SEND_TIMEOUT_MS}).catch(() => undefined)
  } catch (error) {
    console.error(`[account] the staff notice of document ${attachment.uploadId} on ${record.orderId} could not be queued`, error)
  }
}

/** The holder's details as the portal shows them: the newest correction, else the newest enrolment's name. */
function currentHolder(enrolments: readonly EnrolmentRecord[]): {
  name: string
  dateOfBirth: string | null
  nationality: string | null
  updatedAt: string | null
} {
  const corrected = enrolments
    .map((record) => record.certificateHolder)
    .filter((holder): holder is CertificateHolder => Boolean(holder))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0]
  if (corrected) return corrected
  return {name: enrolments[0]?.name ?? '', dateOfBirth: null, nationality: null, updatedAt: null}
}

/** The name, date of birth and nationality for certificates, from the newest correction or enrolment; null without enrolments. */
export function profileOf(enrolments: readonly EnrolmentRecord[], certificates: readonly CertificateRecord[]): PortalProfile | null {
  if (enrolments.length === 0) return null
  return {...currentHolder(enrolments), editable: certificates.length === 0}
}

/** The history note of a correction: one line per field changed, e.g. "Name for certificates changed by the candidate: A → B". */
export function profileChangeNote(before: {name: string; dateOfBirth: string | null; nationality: string | null}, after: ProfileUpdate): string | null {
  const shown = (value: string | null) => value ?? 'not given'
  const lines: string[] = []
  if (before.name !== after.name) lines.push(`Name for certificates changed by the candidate: ${before.name} → ${after.name}`)
  if (before.dateOfBirth !== after.dateOfBirth) lines.push(`Date of birth changed by the candidate: ${shown(before.dateOfBirth)} → ${after.dateOfBirth}`)
  if (before.nationality !== after.nationality) lines.push(`Nationality changed by the candidate: ${shown(before.nationality)} → ${after.nationality}`)
  return lines.length > 0 ? lines.join('\n') : null
}

/**
 * Stores the candidate's corrected name, date of birth and nationality at `now` on each of their
 * enrolments (a conditional write each, with a history entry naming what changed on that
 * record; an enrolment already holding these details is left as it is). Resolves to the profile.
 * Throws ServiceError not-found (no enrolments under the address), conflict PROFILE_LOCKED once a
 * certificate was issued under the address.
 */
export async function updateProfile(email: string, update: ProfileUpdate, now = new Date()): Promise<PortalProfile> {
  const [enrolments, certificates] = await Promise.all([ownedEnrolments(email), ownedCertificates(email)])
  if (enrolments.length === 0) throw new ServiceError('not-found', 'Not found')
  if (certificates.length > 0) throw new ServiceError('conflict', PROFILE_LOCKED)
  const at = now.toISOString()
  const holder: CertificateHolder = {...update, updatedAt: at}
  for (const record of enrolments) {
    const {value, changed} = await updateJSON<EnrolmentRecord>(store(), record.orderId, (current) => {
      if (!current) return undefined
      const before = current.certificateHolder ?? {name: current.name, dateOfBirth: null, nationality: null}
      const note = profileChangeNote(before, update)
      if (!note) return undefined
      return {
        ...current,
        certificateHolder: holder,
        history: [...(current.history ?? []), {at, by: CANDIDATE_ACCOUNT, note}],
        updatedAt: current.updatedAt > at ? current.updatedAt : at,
      }
    })
    if (changed && value) await indexEnrolmentSafely(value)
  }
  return profileOf(await ownedEnrolments(email), certificates)!
}
