/**
 * Server-issued, signed exam draws (docs/requirements.md#req-exam-variants,
 * docs/decisions/013-server-signed-exam-draw.md; contract: schemas/contracts/exam-attempts.ts).
 *
 * - Issuing (startAttempt): the server draws one variant per slot (unseen ones first) and, when the
 *   exam shuffles options, each choice question's option order (schemas/rules/exam-draw.ts, with
 *   node:crypto's randomness), and signs the draw: HMAC-SHA256, keyed by drawKeys() (./keys.ts),
 *   over the canonical JSON of attempt id, exam, mode, variants, option order and issue time
 *   (signedContent). Nothing is stored: the browser keeps the signed copy.
 * - Checking (reviewSignedSubmission, for the results action and the results PDF): a submission is
 *   scored only when its draw's signature verifies with the current or the previous key
 *   (timingSafeEqual), the draw is of this exam and still a valid draw of its slots, and every
 *   answer is for a drawn question (checkSubmission). The draw must be submitted within
 *   drawValidityMs of its issue time (the attempt's time plus a grace); later it is accepted only
 *   when this very attempt, with the same answers, was already accepted and recorded (a results
 *   page reloaded, its PDF downloaded later: netlify/services/exams/statistics.ts keeps one marker per
 *   attempt). Anything else is `{ok: false, message}` — the callers answer 400, and nothing is
 *   scored or counted. The item statistics count only a `fresh` accepted submission.
 * Errors raised: ServiceError unavailable (503) from drawKeys() (production without EXAM_DRAW_SECRET, or the local
 * key unreadable); not-found (404) and unavailable (503) from startAttempt for an unknown exam or unavailable content.
 */
import {randomInt, randomUUID} from 'node:crypto'
import {drawAttempt, drawValidityMs} from '#schemas/rules/exam-draw'
import {reviewSubmission, type ReviewedExam, type ReviewedResult} from '#schemas/rules/exam-review'
import type {AnswerRecord, KeyedQuestion} from '#schemas/rules/exam-scoring'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_TAKE_QUERY} from '#netlify/platform/content/queries'
import type {SignedDraw, StartAttemptRequest} from '#schemas/contracts/exam-attempts'
import {EXAM_ID_PATTERN} from '#schemas/contracts/exam-statistics'
import {answersDigest, readRecordedAttempt} from '../statistics'
import {ServiceError} from '#netlify/platform/errors'
import {drawKeys, type DrawKeys} from './keys'
import {hasValidSignature, signDraw, type DrawContent} from './signature'

export {hasValidSignature, signDraw, signedContent, type DrawContent} from './signature'

/** Why a submitted draw is refused (a 400 with the message). */
export const DRAW_MESSAGES = {
  missing: 'These answers do not carry the draw this site issued for the attempt, so they cannot be scored. Please take the exam again.',
  badSignature: 'The questions sent were not issued by this site for this attempt, so they cannot be scored.',
  otherExam: 'The questions sent were issued for another exam.',
  expired: "This attempt's time is over: its answers can no longer be scored. Please take the exam again.",
  notFound: 'This exam does not exist.',
  unavailable: 'The exam could not be loaded. Please try again in a moment.',
} as const

/** A uniform number in [0, 1) from node:crypto (2^48 steps). */
const cryptoRandom = (): number => randomInt(0, 2 ** 48 - 1) / 2 ** 48

/** An exam as drawing needs it (EXAM_TAKE_QUERY). */
type DrawableExam = {
  examId: string | null
  shuffleOptions: boolean | null
  slots: ReadonlyArray<{variants: ReadonlyArray<{id: string | null; options: string[] | null}> | null}> | null
}

/**
 * A new signed draw of `exam` for `request` at `now` (epoch ms), keyed by `keys.signing`.
 * `random` is for tests; the default is node:crypto.
 */
export function issueDraw(
  exam: DrawableExam,
  request: StartAttemptRequest,
  keys: Pick<DrawKeys, 'signing'>,
  {now = Date.now(), random = cryptoRandom}: {now?: number; random?: () => number} = {},
): SignedDraw {
  const slots = (exam.slots ?? []).map((slot) => ({variants: (slot.variants ?? []).flatMap((v) => (v.id ? [{id: v.id, options: v.options}] : []))}))
  const drawn = drawAttempt(slots, {seen: new Set(request.seen), shuffleOptions: exam.shuffleOptions !== false, random})
  const content: DrawContent = {
    attemptId: randomUUID(),
    examId: exam.examId ?? '',
    mode: request.mode,
    variants: drawn.draw,
    optionOrder: drawn.optionOrder,
    issuedAt: new Date(now).toISOString(),
  }
  return signDraw(content, keys.signing)
}

/**
 * Starts an attempt of `examId`: the signed draw. Throws ServiceError not-found (unknown or
 * malformed exam id, or an exam without questions), unavailable (content unavailable, or drawKeys()).
 */
export async function startAttempt(examId: string, request: StartAttemptRequest, options: {now?: number} = {}): Promise<SignedDraw> {
  if (!EXAM_ID_PATTERN.test(examId)) throw new ServiceError('not-found', DRAW_MESSAGES.notFound)
  const keys = await drawKeys()
  const exam = await fetchContent(EXAM_TAKE_QUERY, {examId}).catch((error: unknown) => {
    console.error('[exam draw] the exam could not be loaded', error)
    throw new ServiceError('unavailable', DRAW_MESSAGES.unavailable)
  })
  if (!exam || !(exam.slots ?? []).some((slot) => (slot.variants ?? []).length > 0)) throw new ServiceError('not-found', DRAW_MESSAGES.notFound)
  return issueDraw(exam, request, keys, options)
}

/** An accepted submission: the reviewed result, the attempt it belongs to, and whether it is within its time (only then counted). */
export type AcceptedSubmission<E> = ReviewedResult<E> & {attemptId: string; fresh: boolean}

/**
 * Checks a submitted result against its signed draw (see the module's docstring), then scores it
 * under the exam's review policy (reviewSubmission). `draw` undefined is a result without a draw.
 * Resolves `{ok: false, message}` for anything to refuse (a 400); throws ServiceError unavailable from drawKeys().
 */
export async function reviewSignedSubmission<Q extends KeyedQuestion & {explanation?: E | null}, E extends readonly unknown[]>(
  exam: ReviewedExam<Q, E> & {examId: string | null; durationMinutes: number},
  answers: AnswerRecord[],
  draw: SignedDraw | undefined,
  {now = Date.now()}: {now?: number} = {},
): Promise<AcceptedSubmission<E> | {ok: false; message: string}> {
  if (!draw) return {ok: false, message: DRAW_MESSAGES.missing}
  const keys = await drawKeys()
  if (!hasValidSignature(draw, keys.verifying)) return {ok: false, message: DRAW_MESSAGES.badSignature}
  if (draw.examId !== exam.examId) return {ok: false, message: DRAW_MESSAGES.otherExam}
  const reviewed = reviewSubmission<Q, E>(exam, answers, draw.variants)
  if (!reviewed.ok) return reviewed
  const issuedAt = Date.parse(draw.issuedAt)
  const fresh = now - issuedAt <= drawValidityMs(draw.mode, exam.durationMinutes)
  if (!fresh) {
    // After its time, only a result already accepted in time, with the same answers, is shown again.
    const recorded = await readRecordedAttempt(draw.examId, draw.attemptId).catch((error: unknown) => {
      console.error('[exam draw] the attempt record could not be read', error)
      return null
    })
    if (!recorded || recorded.answers !== answersDigest(answers)) return {ok: false, message: DRAW_MESSAGES.expired}
  }
  return {...reviewed, attemptId: draw.attemptId, fresh}
}
