/**
 * Item statistics of the practice exams in Netlify Blobs (docs/requirements.md#req-item-statistics;
 * the rules: schemas/rules/item-statistics.ts).
 *
 * - Where: the `exam-statistics` store, STATISTICS_SHARDS (8) JSON shards per exam, keys
 *   `{examId}/{shard}`. Each scored attempt goes to one shard chosen at random, with ONE conditional
 *   write (updateJSON: retried on a concurrent write), so concurrent attempts of one exam rarely
 *   touch the same blob and never lose each other's record. Reading an exam reads its 8 keys (no
 *   listing) and merges them.
 * - What: per variant (the scored question's id) correct or not, points earned and the attempt's
 *   total percentage, aggregated (see the domain module). No name, no answer text, no IP.
 * - Counted once, and only when accepted: the results action records an attempt only after its
 *   signed draw was checked (netlify/services/exams/attempts/draws.ts) and within the attempt's time.
 *   The results page scores a stored result again on every visit (a reload, "Try again"); the
 *   marker `seen/{examId}/{attemptId}` (the draw's attempt id) is written first (updateJSON:
 *   `onlyIfNew`), holding a SHA-256 digest of the answers and no answer text; when it exists
 *   already the attempt was counted and is not recorded again (a race of two visits: one wins the
 *   marker). The same marker lets a result accepted in time be shown again after its draw's time
 *   (readRecordedAttempt).
 * - `recordAttemptSafely` is what the results action calls: it never throws and never waits longer
 *   than RECORD_TIMEOUT_MS (2 s); a failure is logged and the candidate's result is shown anyway.
 */
import {createHash} from 'node:crypto'
import type {AnswerRecord, ExamScore} from '#schemas/rules/exam-scoring'
import {addAttempt, examStatistics, mergeShards, type ExamStatisticsShard, type RecordedAttempt, type VariantStatistics} from '#schemas/rules/item-statistics'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'

export const STATISTICS_SHARDS = 8
/** The longest the results action waits for the statistics write (milliseconds). */
export const RECORD_TIMEOUT_MS = 2000

const shardKey = (examId: string, shard: number) => `${examId}/${shard}`

/** What is recorded of a scored attempt: the total percentage and each question's outcome, nothing else. */
export function attemptOf(score: Pick<ExamScore, 'percentage' | 'questions'>): RecordedAttempt {
  return {
    percentage: score.percentage,
    responses: score.questions.map((question) => ({
      variantId: question.id,
      correct: question.isCorrect,
      pointsEarned: question.pointsEarned,
      points: question.points,
    })),
  }
}

/** What identifies one accepted attempt: its signed draw's attempt id, and the answers it was accepted with. */
export type AttemptKey = {attemptId: string; answers: AnswerRecord[]}

/** What the marker of an accepted attempt holds: the SHA-256 digest of its answers (answersDigest). */
export type AttemptMarker = {answers: string}

/** The SHA-256 hex digest of answer records (their JSON, in the order sent): no answer text is kept. */
export function answersDigest(answers: AnswerRecord[]): string {
  return createHash('sha256').update(JSON.stringify(answers)).digest('hex')
}

/** The marker key of an accepted attempt. */
export const seenKey = (examId: string, attemptId: string): string => `seen/${examId}/${attemptId}`

/** The marker of an accepted attempt of `examId`, or null when none was recorded. Throws what the store throws. */
export async function readRecordedAttempt(examId: string, attemptId: string): Promise<AttemptMarker | null> {
  const value = (await openStore(STORES.examStatistics).get(seenKey(examId, attemptId), {type: 'json'})) as AttemptMarker | null
  return value && typeof value.answers === 'string' ? value : null
}

/**
 * Records one scored attempt of `examId` in shard `shard` (default: one at random), unless
 * `attemptKey` shows it was recorded before. Resolves true when recorded, false when already
 * counted (or nothing to record). Throws what the store throws (ConflictError after updateJSON's
 * retries).
 */
export async function recordAttempt(
  examId: string,
  score: Pick<ExamScore, 'percentage' | 'questions'>,
  options: {shard?: number; attemptKey?: AttemptKey} = {},
): Promise<boolean> {
  const shard = options.shard ?? Math.floor(Math.random() * STATISTICS_SHARDS)
  const attempt = attemptOf(score)
  if (attempt.responses.length === 0) return false
  const store = openStore(STORES.examStatistics)
  if (options.attemptKey) {
    // updateJSON: a conditional write (onlyIfNew), and one at a time per key in this process.
    const marker: AttemptMarker = {answers: answersDigest(options.attemptKey.answers)}
    const marked = await updateJSON<AttemptMarker>(store, seenKey(examId, options.attemptKey.attemptId), (current) => (current ? undefined : marker))
    if (!marked.changed) return false
  }
  await updateJSON<ExamStatisticsShard>(store, shardKey(examId, shard), (current) => addAttempt(current, examId, attempt))
  return true
}

/**
 * recordAttempt that never throws and waits at most `timeoutMs` (default RECORD_TIMEOUT_MS):
 * resolves true when recorded, false when already counted (attemptKey), when it failed or took too long (the last two logged;
 * the write may still land later).
 */
export async function recordAttemptSafely(
  examId: string,
  score: Pick<ExamScore, 'percentage' | 'questions'>,
  options: {timeoutMs?: number; attemptKey?: AttemptKey} = {},
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs ?? RECORD_TIMEOUT_MS)
  })
  try {
    const outcome = await Promise.race([
      recordAttempt(examId, score, {attemptKey: options.attemptKey}).then((done) => (done ? 'recorded' : 'counted')),
      timeout,
    ])
    if (outcome === 'timeout') console.error(`[exam statistics] recording an attempt of ${examId} took too long; the result is shown anyway`)
    return outcome === 'recorded'
  } catch (error) {
    console.error(`[exam statistics] an attempt of ${examId} could not be recorded; the result is shown anyway`, error)
    return false
  } finally {
    clearTimeout(timer)
  }
}

/** Every recorded variant of `examId` with its statistics (variant id order; [] when none is recorded). */
export async function readExamStatistics(examId: string): Promise<VariantStatistics[]> {
  const store = openStore(STORES.examStatistics)
  const shards = await Promise.all(
    Array.from({length: STATISTICS_SHARDS}, (_, shard) => store.get(shardKey(examId, shard), {type: 'json'}) as Promise<ExamStatisticsShard | null>),
  )
  return examStatistics(mergeShards(shards))
}
