/**
 * Practice exam attempts stored with an account (docs/requirements.md#req-account,
 * docs/account/certificates-waitlists-exams-privacy.md). An attempt submitted while signed in to
 * My training is kept under the address (store `account-exam-attempts`, key
 * `{SHA-256 of the address}/{attempt id}`), so it is listed in the portal with its results PDF;
 * signed out, the attempt stays in the browser only, as before.
 *
 * Nothing the browser says about the result is trusted: the attempt must carry the draw the site
 * signed when it started, checked and scored exactly as the results page is
 * (netlify/services/exams/attempts/draws.ts reviewSignedSubmission: signature, exam, slots,
 * answers within the draw, within its time or already accepted), and the score kept is the
 * server's. An attempt is stored once (a conditional write keyed by its id); sending it again
 * changes nothing.
 */
import {listKeys, openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_KEY_QUERY} from '#netlify/platform/content/queries'
import {ServiceError} from '#netlify/platform/errors'
import {ACCOUNT_NOT_FOUND, type PortalExamAttempt} from '#schemas/contracts/account'
import {ATTEMPT_SAVED, type StoreExamAttemptRequestSchema} from '#schemas/contracts/account-sections'
import {sha256Hex} from '#netlify/platform/rate-limit'
import {isPassed} from '#schemas/rules/exam-pass'
import type {AnswerRecord, ExamScore} from '#schemas/rules/exam-scoring'
import {accountExamAttemptPath} from '#schemas/rules/paths'
import type {z} from 'zod'
import {DRAW_MESSAGES, reviewSignedSubmission} from '../exams/attempts/draws'
import {dayIn, printableTimeZone, renderResultsPdf, resultsPdfFileName} from '../exams/results-pdf'
import {receiptContext} from '../receipts/context'

/** An attempt as stored. Times ISO 8601; `timeSpent` seconds; `score` the server's, under the exam's review policy. */
export type StoredExamAttempt = {
  attemptId: string
  examId: string
  examTitle: string
  /** The address it is kept under (lower-case). */
  email: string
  submittedAt: string
  timeSpent: number
  timeZone: string
  answers: AnswerRecord[]
  score: ExamScore
  passMark: number
  passed: boolean
  storedAt: string
}

/** The SHA-256 of an address (the privacy records' emailHash: trimmed, lower-cased). */
const emailHash = (address: string) => sha256Hex(address.trim().toLowerCase())

const store = () => openStore(STORES.accountExamAttempts)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const attemptKey = (email: string, attemptId: string) => `${emailHash(email)}/${attemptId}`
const isAttemptKey = (key: string) => /^[0-9a-f]{64}\/[0-9a-f-]{36}$/i.test(key)

/**
 * Keeps the attempt `body` (validated: StoreExamAttemptRequestSchema) under `email` at `now`.
 * Resolves `{stored: true}` when it is new, `{stored: false}` when this attempt was kept before.
 * Throws ServiceError invalid (400) for a draw the site did not issue or that does not fit the
 * answers (DRAW_MESSAGES), not-found for an unknown exam, unavailable when the exam cannot be read.
 */
export async function storeExamAttempt(
  email: string,
  body: z.output<typeof StoreExamAttemptRequestSchema>,
  {now = new Date()}: {now?: Date} = {},
): Promise<{stored: boolean; attemptId: string; message: string}> {
  const exam = await fetchContent(EXAM_KEY_QUERY, {examId: body.examId}).catch((error: unknown) => {
    console.error('[account exam attempts] the answer key could not be loaded', error)
    throw new ServiceError('unavailable', DRAW_MESSAGES.unavailable)
  })
  if (!exam) throw new ServiceError('not-found', DRAW_MESSAGES.notFound)
  const reviewed = await reviewSignedSubmission(exam, body.answers, body.draw, {now: now.getTime()})
  if (!reviewed.ok) throw new ServiceError('invalid', reviewed.message)
  const record: StoredExamAttempt = {
    attemptId: reviewed.attemptId,
    examId: body.examId,
    examTitle: exam.title ?? body.examId,
    email,
    submittedAt: body.submittedAt,
    timeSpent: body.timeSpent,
    timeZone: printableTimeZone(body.timeZone),
    answers: body.answers,
    score: reviewed.score,
    passMark: reviewed.passMark,
    passed: isPassed(reviewed.score.percentage, reviewed.passMark),
    storedAt: now.toISOString(),
  }
  const {changed} = await updateJSON<StoredExamAttempt>(store(), attemptKey(email, record.attemptId), (current) => (current ? undefined : record))
  return {stored: changed, attemptId: record.attemptId, message: ATTEMPT_SAVED}
}

/** Every attempt kept under `email`, newest first. */
export async function storedExamAttempts(email: string): Promise<StoredExamAttempt[]> {
  const prefix = `${emailHash(email)}/`
  const keys = await listKeys(store(), isAttemptKey, {prefix})
  const records = await Promise.all(keys.map(async (key) => (await store().get(key, {type: 'json'})) as StoredExamAttempt | null))
  return records
    .filter((record): record is StoredExamAttempt => record !== null)
    .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt) || b.attemptId.localeCompare(a.attemptId))
}

/** Every attempt kept with any account (the privacy look-up matches them by address). */
export async function allStoredExamAttempts(): Promise<{key: string; record: StoredExamAttempt}[]> {
  const keys = await listKeys(store(), isAttemptKey)
  const records = await Promise.all(keys.map(async (key) => ({key, record: (await store().get(key, {type: 'json'})) as StoredExamAttempt | null})))
  return records.filter((item): item is {key: string; record: StoredExamAttempt} => item.record !== null)
}

/** Deletes the stored attempt `key` (an erasure). */
export async function deleteStoredExamAttempt(key: string): Promise<void> {
  await store().delete(key)
}

/** The attempts stored under `email`, newest first, as the portal lists them: "18 of 20 (90%)". */
export async function examAttemptsOf(email: string): Promise<PortalExamAttempt[]> {
  return (await storedExamAttempts(email)).map((record) => ({
    attemptId: record.attemptId,
    exam: record.examTitle,
    submittedAt: record.submittedAt,
    score: `${record.score.correctCount} of ${record.score.questionCount} (${record.score.percentage}%)`,
    passed: record.passed,
    pdf: accountExamAttemptPath(record.attemptId),
  }))
}

/**
 * The results PDF of the attempt `attemptId` kept under `email`, printed from the stored (server)
 * score. Throws ServiceError 'not-found' (ACCOUNT_NOT_FOUND) when it is not theirs or absent.
 */
export async function examAttemptPdf(email: string, attemptId: string): Promise<{fileName: string; bytes: Uint8Array}> {
  if (!UUID.test(attemptId)) throw new ServiceError('not-found', ACCOUNT_NOT_FOUND)
  const record = (await store().get(attemptKey(email, attemptId), {type: 'json'})) as StoredExamAttempt | null
  if (!record || record.email !== email) throw new ServiceError('not-found', ACCOUNT_NOT_FOUND)
  const providerName = await receiptContext()
    .then((context) => context.provider.name)
    .catch(() => null)
  const bytes = await renderResultsPdf({
    examId: record.examId,
    examTitle: record.examTitle,
    score: record.score,
    passMark: record.passMark,
    timeSpent: record.timeSpent,
    submittedAt: record.submittedAt,
    timeZone: record.timeZone,
    providerName,
  })
  return {fileName: resultsPdfFileName(record.examId, dayIn(record.submittedAt, record.timeZone)), bytes}
}
