/**
 * Item statistics over Netlify's Blobs emulation (netlify/services/exams/statistics.ts;
 * docs/requirements.md#req-item-statistics): the results action records each scored attempt
 * (per question only correct or not, points and the total percentage — no answer text), the shards
 * are aggregated, a race of concurrent recordings loses nothing, and a store that fails never
 * fails the candidate's result.
 */
import type {ActionFunctionArgs} from '@remix-run/node'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {openStore, STORES} from '#netlify/platform/blobs'
import {readExamStatistics, recordAttempt, recordAttemptSafely, STATISTICS_SHARDS} from '#netlify/services/exams/statistics'
import type {ExamScore} from '#schemas/rules/exam-scoring'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_KEY_QUERY} from '#netlify/platform/content/queries'
import {action, type ScoreActionData} from '~/routes/exam.$examId.results'
import statisticsFn from '#netlify/functions/admin-exam-statistics'
import {ExamStatisticsResponseSchema} from '#schemas/contracts/exam-statistics'
import {startBlobs} from '../helpers/blobs'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {signedDraw, useDrawSecret} from './exam-draw-fixtures'
import type {SignedDraw} from '#schemas/contracts/exam-attempts'

useDrawSecret()

const EXAM_ID = 'maritime-safety-basics'

let blobs: Awaited<ReturnType<typeof startBlobs>> | undefined
beforeEach(async () => {
  blobs = await startBlobs()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await blobs?.stop()
  blobs = undefined
})

/** A signed draw of the first variant of each slot (a new attempt each call). */
async function firstDraw(): Promise<SignedDraw> {
  const exam = await fetchContent(EXAM_KEY_QUERY, {examId: EXAM_ID})
  return signedDraw(
    EXAM_ID,
    exam!.slots.map((slot) => slot.variants[0]!.id),
  )
}

/** Scores `answers` of the attempt `draw` (default: a new attempt). */
async function post(answers: unknown, draw?: SignedDraw): Promise<ScoreActionData> {
  const request = new Request(`http://localhost/exam/${EXAM_ID}/results`, {
    method: 'POST',
    body: JSON.stringify({answers, draw: draw ?? (await firstDraw())}),
    headers: {'Content-Type': 'application/json'},
  })
  const result = (await action({request, params: {examId: EXAM_ID}, context: {}} as unknown as ActionFunctionArgs)) as unknown as {data: ScoreActionData}
  return result.data
}

/** A scored attempt of two questions: q1 correct or not, q2 always wrong; the total as given. */
const score = (percentage: number, q1Correct: boolean): Pick<ExamScore, 'percentage' | 'questions'> => ({
  percentage,
  questions: [
    {id: 'q1', question: 'One?', type: 'text', points: 10, userAnswer: 'x', correctAnswer: 'x', isCorrect: q1Correct, pointsEarned: q1Correct ? 10 : 0},
    {id: 'q2', question: 'Two?', type: 'text', points: 5, userAnswer: null, correctAnswer: 'y', isCorrect: false, pointsEarned: 0},
  ],
})

describe('recording from the results action', () => {
  it('records each scored attempt per question, without answer text', async () => {
    const exam = await fetchContent(EXAM_KEY_QUERY, {examId: EXAM_ID})
    if (!exam) throw new Error('seed exam missing')
    const first = exam.slots.map((slot) => slot.variants[0]!)[0]!
    const right = {questionId: first.id, answer: first.type === 'multiple-choice' ? [...(first.correctAnswers ?? [])] : (first.correctAnswer ?? '')}
    expect((await post([right])).status).toBe('scored')
    expect((await post([])).status).toBe('scored')

    const stats = await readExamStatistics(EXAM_ID)
    expect(stats.map((s) => s.variantId).sort()).toEqual(
      exam.slots
        .map((slot) => slot.variants[0]!)
        .map((q) => q.id)
        .sort(),
    )
    const firstStats = stats.find((s) => s.variantId === first.id)!
    expect(firstStats).toMatchObject({attempts: 2, facility: 0.5, points: first.points})
    expect(stats.filter((s) => s.variantId !== first.id).every((s) => s.attempts === 2 && s.facility === 0)).toBe(true)

    // What is stored: counts and totals only (no answer text, no name, no IP).
    const store = openStore(STORES.examStatistics)
    const raw = (await Promise.all(Array.from({length: STATISTICS_SHARDS}, (_, i) => store.get(`${EXAM_ID}/${i}`)))).filter(Boolean).join('\n')
    expect(raw).not.toContain(String(first.correctAnswer ?? first.correctAnswers?.[0]))
    expect(raw).not.toMatch(/203\.0\.113|answer/i)
  })

  it('counts an attempt once however often it is scored again (reload, Try again, a race), by the attempt id of its draw', async () => {
    const draw = await firstDraw()
    const results = await Promise.all([post([], draw), post([], draw), post([], draw)])
    expect(results.every((r) => r.status === 'scored')).toBe(true)
    expect((await post([], draw)).status).toBe('scored')
    const once = await readExamStatistics(EXAM_ID)
    expect(once.map((s) => s.attempts)).toEqual(once.map(() => 1))
    // Other attempts count.
    await post([])
    await post([])
    expect((await readExamStatistics(EXAM_ID)).every((s) => s.attempts === 3)).toBe(true)
    // A refused submission counts nothing.
    expect((await post([{questionId: 'q99', answer: 'x'}])).status).toBe('error')
    expect((await readExamStatistics(EXAM_ID)).every((s) => s.attempts === 3)).toBe(true)
  })

  it('still shows the result when the statistics cannot be written', async () => {
    await blobs?.stop()
    blobs = undefined
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const outcome = await post([])
    expect(outcome.status).toBe('scored')
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('could not be recorded'), expect.anything())
  })
})

describe('aggregation and concurrency', () => {
  it('aggregates the shards into facility and discrimination', async () => {
    // The worked example of the unit test, spread over shards.
    const worked: Array<[number, boolean]> = [
      [100, true],
      [90, true],
      [80, false],
      [80, true],
      [70, true],
      [60, false],
      [50, true],
      [40, false],
      [30, false],
      [20, false],
    ]
    for (const [i, [total, correct]] of worked.entries()) await recordAttempt('exam-b', score(total, correct), {shard: i % 3})
    const [q1, q2] = await readExamStatistics('exam-b')
    expect(q1).toMatchObject({variantId: 'q1', attempts: 10, facility: 0.5, averagePoints: 5})
    expect(q1!.discrimination).toBeCloseTo(2.5 / 3, 10)
    expect(q2).toMatchObject({variantId: 'q2', attempts: 10, facility: 0, discrimination: 0})
    expect(await readExamStatistics('exam-none')).toEqual([])
  })

  it('loses no recording in a race of concurrent attempts on one shard and across shards', async () => {
    const sameShard = Array.from({length: 12}, (_, i) => recordAttempt('exam-race', score(i * 8, i % 2 === 0), {shard: 0}))
    const anyShard = Array.from({length: 12}, (_, i) => recordAttemptSafely('exam-race', score(i * 8, i % 3 === 0)))
    await Promise.all(sameShard)
    expect((await Promise.all(anyShard)).every(Boolean)).toBe(true)
    const [q1, q2] = await readExamStatistics('exam-race')
    expect(q1).toMatchObject({attempts: 24, facility: (6 + 4) / 24})
    expect(q2).toMatchObject({attempts: 24})
  })
})

describe('GET /api/admin/exam-statistics', () => {
  useAdminEnv()

  it('answers 401 without or with a bad token', async () => {
    expect((await callAs(statisticsFn, getRequest('/api/admin/exam-statistics?examId=exam-b'))).status).toBe(401)
    expect((await callAs(statisticsFn, getRequest('/api/admin/exam-statistics?examId=exam-b', 'not-a-token'))).status).toBe(401)
  })

  it('answers 400 for a missing or malformed examId', async () => {
    const token = await loginToken()
    for (const query of ['', '?examId=', '?examId=..%2Fsecret', '?examId=a%20b', `?examId=${'x'.repeat(65)}`]) {
      const {status, body} = await callAs(statisticsFn, getRequest(`/api/admin/exam-statistics${query}`, token))
      expect(status, query).toBe(400)
      expect(body.error ?? body.message, query).toEqual(expect.any(String))
    }
  })

  it('answers the variants with their statistics by the contract (and [] for an exam without attempts)', async () => {
    for (let i = 0; i < 3; i++) await recordAttempt('exam-b', score(i * 40, i > 0))
    const token = await loginToken()
    const {status, body, headers} = await callAs(statisticsFn, getRequest('/api/admin/exam-statistics?examId=exam-b', token))
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toContain('no-store')
    const parsed = ExamStatisticsResponseSchema.parse(body)
    expect(parsed).toMatchObject({examId: 'exam-b', minimumAttemptsForFlags: 30})
    expect(parsed.variants.map((v) => [v.variantId, v.slot, v.question, v.attempts, v.facility, v.discrimination])).toEqual([
      ['q1', null, null, 3, 2 / 3, 1],
      ['q2', null, null, 3, 0, 0],
    ])
    // A content exam lists every variant by slot and question text, recorded or not (never its answers).
    const exam = await fetchContent(EXAM_KEY_QUERY, {examId: EXAM_ID})
    if (!exam) throw new Error('seed exam missing')
    await recordAttempt(EXAM_ID, {percentage: 10, questions: [{...score(10, true).questions[0]!, id: exam.slots[1]!.variants[2]!.id}]})
    const seed = ExamStatisticsResponseSchema.parse((await callAs(statisticsFn, getRequest(`/api/admin/exam-statistics?examId=${EXAM_ID}`, token))).body)
    const expected = exam.slots.flatMap((slot, index) => slot.variants.map((variant) => [index + 1, variant.id, variant.question]))
    expect(seed.variants.map((v) => [v.slot, v.variantId, v.question])).toEqual(expected)
    expect(seed.variants.filter((v) => v.attempts > 0).map((v) => v.variantId)).toEqual([exam.slots[1]!.variants[2]!.id])
    // Content points win over recorded ones; no answer key field is sent.
    expect(seed.variants.find((v) => v.attempts > 0)!.points).toBe(exam.slots[1]!.variants[2]!.points)
    const raw = (await callAs(statisticsFn, getRequest(`/api/admin/exam-statistics?examId=${EXAM_ID}`, token))).body as {variants: object[]}
    expect(Object.keys(raw.variants[0]!).sort()).toEqual([
      'attempts',
      'averagePoints',
      'discrimination',
      'facility',
      'flags',
      'points',
      'question',
      'slot',
      'variantId',
    ])
    const empty = await callAs(statisticsFn, getRequest('/api/admin/exam-statistics?examId=nothing-yet', token))
    expect(empty.body).toEqual({examId: 'nothing-yet', minimumAttemptsForFlags: 30, variants: []})
  })
})
