/**
 * Item statistics of the practice exams in Netlify Blobs (issue 18, docs/requirements.md#req-item-statistics;
 * the rules: web/app/domain/item-statistics.ts).
 *
 * - Where: the `exam-statistics` store, STATISTICS_SHARDS (8) JSON shards per exam, keys
 *   `{examId}/{shard}`. Each scored attempt goes to one shard chosen at random, with ONE conditional
 *   write (updateJSON: retried on a concurrent write), so concurrent attempts of one exam rarely
 *   touch the same blob and never lose each other's record. Reading an exam reads its 8 keys (no
 *   listing) and merges them.
 * - What: per variant (the scored question's id) correct or not, points earned and the attempt's
 *   total percentage, aggregated (see the domain module). No name, no answer text, no IP.
 * - Counted once: the results page scores a stored result again on every visit (a reload, "Try
 *   again"). With an `attemptKey` (the stored result's submission time and answers) a marker
 *   `seen/{examId}/{sha256 of examId, time and answers}` is written first (updateJSON: `onlyIfNew`); when it
 *   exists already the attempt was counted and is not recorded again (a race of two visits: one
 *   wins the marker). The marker is a hash: it holds no answer text.
 * - `recordAttemptSafely` is what the results action calls: it never throws and never waits longer
 *   than RECORD_TIMEOUT_MS (2 s); a failure is logged and the candidate's result is shown anyway.
 */
import {createHash} from 'node:crypto'
import type {AnswerRecord, ExamScore} from '~/domain/exam-scoring'
import {addAttempt, examStatistics, mergeShards, type ExamStatisticsShard, type RecordedAttempt, type VariantStatistics} from '~/domain/item-statistics'
import {openStore, STORES, updateJSON} from './blobs'

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

/** What identifies one stored result: its submission time and its answers. */
export type AttemptKey = {submittedAt: string; answers: AnswerRecord[]}

/** The marker key of an attempt (a SHA-256 hash; no answer text). */
export function seenKey(examId: string, key: AttemptKey): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([examId, key.submittedAt, key.answers]))
    .digest('hex')
  return `seen/${examId}/${hash}`
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
    const marked = await updateJSON<{v: 1}>(store, seenKey(examId, options.attemptKey), (current) => (current ? undefined : {v: 1}))
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
