/**
 * Server-issued, signed exam draws (netlify/services/exams/attempts/, docs/requirements.md#req-exam-variants)
 * over the seed dataset and Netlify's Blobs emulation:
 * - POST /api/exams/{examId}/attempts issues a draw (one variant per slot, unseen ones first,
 *   option orders) signed with EXAM_DRAW_SECRET; bad input 400/404/415; production without the
 *   secret 503; without it elsewhere a key kept in Blobs, the same after a restart.
 * - The results action and the results PDF score only a draw with a valid signature whose content
 *   matches the answers: everything else is a 400 with a message, and nothing is counted in the
 *   item statistics; a rotated key is still accepted as EXAM_DRAW_SECRET_PREVIOUS; a draw past its
 *   time is refused unless that attempt was accepted in time with the same answers.
 */
import type {ActionFunctionArgs} from '@remix-run/node'
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import startFn from '#netlify/functions/exam-attempt-start'
import {DRAW_MESSAGES, hasValidSignature} from '#netlify/services/exams/attempts/draws'
import {EXAM_DRAW_NOT_CONFIGURED, LOCAL_SECRET_KEY} from '#netlify/services/exams/attempts/keys'
import {openStore, STORES} from '#netlify/platform/blobs'
import {readExamStatistics} from '#netlify/services/exams/statistics'
import {SignedDrawSchema, type SignedDraw} from '#schemas/contracts/exam-attempts'
import {drawValidityMs} from '#schemas/rules/exam-draw'
import type {AnswerRecord} from '#schemas/rules/exam-scoring'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_KEY_QUERY} from '#netlify/platform/content/queries'
import {action as resultsAction, type ScoreActionData} from '~/routes/exam.$examId.results'
import {action as pdfAction} from '~/routes/exam.$examId.results[.]pdf'
import {startBlobs} from '../helpers/blobs'
import {callAs} from './admin-fixtures'
import {signedDraw, TEST_DRAW_SECRET, useDrawSecret} from './exam-draw-fixtures'

const EXAM_ID = 'maritime-safety-basics'
const OTHER_EXAM = 'navigation-fundamentals'
const PREVIOUS_SECRET = 'the-key-before-the-rotation-32-characters-at-least'

useDrawSecret({EXAM_DRAW_SECRET_PREVIOUS: PREVIOUS_SECRET})

type KeyedExam = NonNullable<Awaited<ReturnType<typeof fetchContent<typeof EXAM_KEY_QUERY>>>>
let exam: KeyedExam
let blobs: Awaited<ReturnType<typeof startBlobs>> | undefined
beforeAll(async () => {
  const found = await fetchContent(EXAM_KEY_QUERY, {examId: EXAM_ID})
  if (!found) throw new Error(`${EXAM_ID} is missing from the seed dataset`)
  exam = found
  blobs = await startBlobs()
})
afterAll(async () => {
  await blobs?.stop()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const firstIds = () => exam.slots.map((slot) => slot.variants[0]!.id)
const slotOf = (index: number) => exam.slots[index]!.variants
const correct = (q: KeyedExam['slots'][number]['variants'][number]): AnswerRecord => ({
  questionId: q.id,
  answer: q.type === 'multiple-choice' ? [...(q.correctAnswers ?? [])] : (q.correctAnswer ?? ''),
})

function startRequest(examId: string, body: unknown, contentType = 'application/json') {
  return callAs<SignedDraw & {error?: string}>(
    startFn,
    new Request(`http://localhost/api/exams/${examId}/attempts`, {
      method: 'POST',
      headers: {'Content-Type': contentType},
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    {params: {examId}},
  )
}

async function score(body: unknown, examId = EXAM_ID): Promise<{status: number; data: ScoreActionData}> {
  const request = new Request(`http://localhost/exam/${examId}/results`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {'Content-Type': 'application/json'},
  })
  const result = (await resultsAction({request, params: {examId}, context: {}} as unknown as ActionFunctionArgs)) as unknown as {
    data: ScoreActionData
    init: ResponseInit | null
  }
  return {status: result.init?.status ?? 200, data: result.data}
}

function pdf(body: unknown, examId = EXAM_ID): Promise<Response> {
  const request = new Request(`http://localhost/exam/${examId}/results.pdf`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {'Content-Type': 'application/json'},
  })
  return pdfAction({request, params: {examId}, context: {}} as unknown as ActionFunctionArgs)
}

const messageOf = (outcome: {data: ScoreActionData}) => (outcome.data.status === 'error' ? outcome.data.message : `scored: ${JSON.stringify(outcome.data)}`)
const attemptsRecorded = async () => (await readExamStatistics(EXAM_ID)).reduce((sum, variant) => sum + variant.attempts, 0)

describe('POST /api/exams/{examId}/attempts', () => {
  it('issues a signed draw: one variant per slot in slot order, shuffled option orders, a UUID and the issue time', async () => {
    const before = Date.now()
    const {status, body, headers} = await startRequest(EXAM_ID, {mode: 'timed', seen: []})
    expect(status).toBe(201)
    expect(headers.get('cache-control')).toContain('no-store')
    const draw = SignedDrawSchema.parse(body)
    expect(draw).toMatchObject({examId: EXAM_ID, mode: 'timed'})
    draw.variants.forEach((id, index) => expect(slotOf(index).map((q) => q.id)).toContain(id))
    expect(draw.variants).toHaveLength(exam.slots.length)
    const choices = draw.variants.map((id) => exam.slots.flatMap((slot) => slot.variants).find((q) => q.id === id)!).filter((q) => (q.options ?? []).length > 1)
    expect(Object.keys(draw.optionOrder).sort()).toEqual(choices.map((q) => q.id).sort())
    for (const q of choices) expect([...draw.optionOrder[q.id]!].sort()).toEqual([...q.options!].sort())
    expect(Date.parse(draw.issuedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(hasValidSignature(draw, [Buffer.from(TEST_DRAW_SECRET)])).toBe(true)
    // The answers are scored with it.
    const outcome = await score({answers: [], draw})
    expect(outcome.status).toBe(200)
    // It never carries an answer or an explanation.
    const text = JSON.stringify(body)
    for (const q of exam.slots.flatMap((slot) => slot.variants)) if (q.type === 'text') expect(text).not.toContain(q.correctAnswer)
  })

  it('draws the variants this device has not seen first, and signs the mode', async () => {
    const seen = exam.slots.flatMap((slot) => slot.variants.slice(1).map((q) => q.id))
    const {body} = await startRequest(EXAM_ID, {mode: 'practice', seen})
    expect(body.variants).toEqual(firstIds())
    expect(body.mode).toBe('practice')
  })

  it('answers 400, 404 and 415 with a message for bad input', async () => {
    const cases: Array<[Promise<{status: number; body: {error?: string}}>, number]> = [
      [startRequest(EXAM_ID, {mode: 'exam'}), 400],
      [startRequest(EXAM_ID, {mode: 'timed', seen: 'q1'}), 400],
      [startRequest(EXAM_ID, '{not json'), 400],
      [startRequest(EXAM_ID, {mode: 'timed'}, 'text/plain'), 415],
      [startRequest('no-such-exam', {mode: 'timed'}), 404],
      [startRequest('..%2Fetc', {mode: 'timed'}), 404],
    ]
    for (const [pending, status] of cases) {
      const {status: got, body} = await pending
      expect(got, JSON.stringify(body)).toBe(status)
      expect(body.error).toEqual(expect.any(String))
    }
  })

  it('fails closed in production without EXAM_DRAW_SECRET: 503 with a clear message, and nothing is scored', async () => {
    const saved = process.env.EXAM_DRAW_SECRET
    delete process.env.EXAM_DRAW_SECRET
    process.env.APP_ENV = 'production'
    process.env.SITE_URL = 'https://www.example.com'
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const {status, body} = await startRequest(EXAM_ID, {mode: 'timed'})
      expect(status).toBe(503)
      expect(body.error).toBe(EXAM_DRAW_NOT_CONFIGURED)
      const outcome = await score({answers: [], draw: signedDraw(EXAM_ID, firstIds())})
      expect(outcome.status).toBe(503)
      expect(messageOf(outcome)).toBe(EXAM_DRAW_NOT_CONFIGURED)
    } finally {
      process.env.EXAM_DRAW_SECRET = saved
      delete process.env.APP_ENV
      delete process.env.SITE_URL
    }
  })

  it('without EXAM_DRAW_SECRET locally: a key kept in the Blobs store, so a draw issued before a restart still verifies', async () => {
    const saved = process.env.EXAM_DRAW_SECRET
    delete process.env.EXAM_DRAW_SECRET
    try {
      const {status, body} = await startRequest(EXAM_ID, {mode: 'timed'})
      expect(status).toBe(201)
      const stored = (await openStore(STORES.examDraw).get(LOCAL_SECRET_KEY, {type: 'json'})) as {secret: string}
      expect(stored.secret).toMatch(/^[0-9a-f]{64}$/)
      expect(hasValidSignature(body, [Buffer.from(stored.secret, 'hex')])).toBe(true)
      // A restart: the modules load afresh (no key in memory) and read the same key from the store.
      vi.resetModules()
      const restarted = await import('~/routes/exam.$examId.results')
      const request = new Request(`http://localhost/exam/${EXAM_ID}/results`, {
        method: 'POST',
        body: JSON.stringify({answers: [], draw: body}),
        headers: {'Content-Type': 'application/json'},
      })
      const result = (await restarted.action({request, params: {examId: EXAM_ID}, context: {}} as unknown as ActionFunctionArgs)) as unknown as {
        data: ScoreActionData
      }
      expect(result.data.status).toBe('scored')
      // A draw signed with another key is refused, as always.
      expect(messageOf(await score({answers: [], draw: signedDraw(EXAM_ID, firstIds())}))).toBe(DRAW_MESSAGES.badSignature)
    } finally {
      process.env.EXAM_DRAW_SECRET = saved
    }
  })
})

describe('a submission is scored only with a valid signed draw matching its answers', () => {
  it('refuses with 400 and a message, and counts nothing: missing, unsigned, not drawn, another slot, unknown, duplicated slot, another exam, tampered', async () => {
    const before = await attemptsRecorded()
    const ids = firstIds()
    const draw = signedDraw(EXAM_ID, ids, {optionOrder: {[ids[0]!]: [...(slotOf(0)[0]!.options ?? [])].reverse()}})
    const notDrawn = slotOf(0)[1]!
    const otherSlot = slotOf(1)[2]!
    const {signature: _signature, ...unsigned} = draw
    const cases: Array<[string, unknown, string | RegExp]> = [
      ['no draw at all', {answers: [correct(slotOf(0)[0]!)]}, DRAW_MESSAGES.missing],
      ['a draw without a signature', {answers: [], draw: unsigned}, DRAW_MESSAGES.missing],
      ['a list of ids (a browser-made draw)', {answers: [], draw: ids}, DRAW_MESSAGES.missing],
      ['a draw signed with an unknown key', {answers: [], draw: signedDraw(EXAM_ID, ids, {secret: 'x'.repeat(40)})}, DRAW_MESSAGES.badSignature],
      ['a variant of the same slot that was not drawn', {answers: [correct(notDrawn)], draw}, /is not for a question of this attempt/],
      ['a variant from another slot', {answers: [correct(otherSlot)], draw}, /is not for a question of this attempt/],
      ['an unknown question id', {answers: [{questionId: 'q99', answer: 'SOLAS'}], draw}, /"q99" is not for a question of this attempt/],
      ['two variants of one slot answered', {answers: [correct(slotOf(0)[0]!), correct(notDrawn)], draw}, /is not for a question of this attempt/],
      ['a draw changed to another variant of a slot', {answers: [], draw: {...draw, variants: [notDrawn.id, ...ids.slice(1)]}}, DRAW_MESSAGES.badSignature],
      ['a draw changed to a variant of another slot', {answers: [], draw: {...draw, variants: [otherSlot.id, ...ids.slice(1)]}}, DRAW_MESSAGES.badSignature],
      ['a draw changed to an unknown id', {answers: [], draw: {...draw, variants: [...ids.slice(0, -1), 'q99']}}, DRAW_MESSAGES.badSignature],
      ['a draw changed to repeat a slot', {answers: [], draw: {...draw, variants: [ids[0], ...ids.slice(0, -1)]}}, DRAW_MESSAGES.badSignature],
      [
        'a signed draw that repeats a slot',
        {answers: [], draw: signedDraw(EXAM_ID, [ids[0]!, ids[0]!, ...ids.slice(2)])},
        'The questions sent are not a valid draw of this exam.',
      ],
      [
        'a signed draw with a variant from another slot',
        {answers: [], draw: signedDraw(EXAM_ID, [otherSlot.id, ...ids.slice(1)])},
        'The questions sent are not a valid draw of this exam.',
      ],
      ['a draw reused for another exam', {answers: [], draw: {...draw, examId: OTHER_EXAM}}, DRAW_MESSAGES.badSignature],
      ['a draw of another exam', {answers: [], draw: signedDraw(OTHER_EXAM, ids)}, DRAW_MESSAGES.otherExam],
      ['a tampered option order', {answers: [], draw: {...draw, optionOrder: {[ids[0]!]: slotOf(0)[0]!.options}}}, DRAW_MESSAGES.badSignature],
      ['a tampered mode', {answers: [], draw: {...draw, mode: 'practice'}}, DRAW_MESSAGES.badSignature],
      ['a tampered issue time', {answers: [], draw: {...draw, issuedAt: new Date(Date.now() + 3600_000).toISOString()}}, DRAW_MESSAGES.badSignature],
    ]
    for (const [name, body, message] of cases) {
      const outcome = await score(body)
      expect(outcome.status, name).toBe(400)
      expect(outcome.data, name).toMatchObject({status: 'error', refused: true})
      if (typeof message === 'string') expect(messageOf(outcome), name).toBe(message)
      else expect(messageOf(outcome), name).toMatch(message)
      // The results PDF refuses the same.
      const printed = await pdf({...(body as object), timeSpent: 60, submittedAt: new Date().toISOString()})
      expect(printed.status, `${name} (PDF)`).toBe(400)
      expect(((await printed.json()) as {error: string}).error, `${name} (PDF)`).toEqual(expect.any(String))
    }
    expect(await attemptsRecorded()).toBe(before)
    // The same draw, untouched, with its own answers: scored and counted.
    const accepted = await score({answers: [correct(slotOf(0)[0]!)], draw})
    expect(accepted.status).toBe(200)
    expect(await attemptsRecorded()).toBe(before + exam.slots.length)
  })

  it('accepts a draw signed with the previous key after a rotation', async () => {
    const draw = signedDraw(EXAM_ID, firstIds(), {secret: PREVIOUS_SECRET})
    expect((await score({answers: [], draw})).status).toBe(200)
    const printed = await pdf({answers: [], draw, timeSpent: 60, submittedAt: new Date().toISOString()})
    expect(printed.status).toBe(200)
  })

  it('counts an attempt once however often it is scored again, and refuses its draw after its time unless it was accepted with the same answers', async () => {
    const before = await attemptsRecorded()
    const answers = [correct(slotOf(0)[0]!)]
    const draw = signedDraw(EXAM_ID, firstIds())
    for (let i = 0; i < 3; i++) expect((await score({answers, draw})).status).toBe(200)
    expect(await attemptsRecorded()).toBe(before + exam.slots.length)

    // Later than the attempt's time plus the grace (the clock moved on).
    const later = Date.now() + drawValidityMs('timed', exam.durationMinutes) + 60_000
    vi.spyOn(Date, 'now').mockReturnValue(later)
    // The accepted attempt, same answers: shown again (a reload, the PDF), not counted again.
    expect((await score({answers, draw})).status).toBe(200)
    expect((await pdf({answers, draw, timeSpent: 60, submittedAt: new Date().toISOString()})).status).toBe(200)
    // Other answers, or an attempt never accepted: refused.
    const changed = await score({answers: [], draw})
    expect(changed.status).toBe(400)
    expect(messageOf(changed)).toBe(DRAW_MESSAGES.expired)
    const never = await score({answers, draw: signedDraw(EXAM_ID, firstIds())})
    expect(messageOf(never)).toBe(DRAW_MESSAGES.expired)
    vi.restoreAllMocks()
    expect(await attemptsRecorded()).toBe(before + exam.slots.length)

    // An untimed attempt's draw lasts longer than the exam's duration.
    const practice = signedDraw(EXAM_ID, firstIds(), {mode: 'practice', issuedAt: new Date(Date.now() - 3 * 3600_000).toISOString()})
    expect((await score({answers: [], draw: practice})).status).toBe(200)
    const lateTimed = signedDraw(EXAM_ID, firstIds(), {issuedAt: new Date(Date.now() - 3 * 3600_000).toISOString()})
    expect(messageOf(await score({answers: [], draw: lateTimed}))).toBe(DRAW_MESSAGES.expired)
  })
})
