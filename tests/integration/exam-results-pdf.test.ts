/**
 * The results PDF (POST /exam/{examId}/results.pdf; docs/requirements.md#req-exam-results-pdf) over the
 * seed dataset: the server scores the stored answers again and prints the exam, the date in the
 * visitor's zone, time spent, score, grade, pass/fail and every question with the candidate's and
 * the correct answer — real text read back with poppler's `pdftotext`, A4, at most two pages; bad
 * input is a 400/413/415 with a message, an unknown exam a 404.
 */
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {ActionFunctionArgs} from '@remix-run/node'
import {PDFDocument} from 'pdf-lib'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {A4_POINTS} from '#netlify/services/receipts/receipt-pdf'
import {answerText, ANSWER_PRINT_LIMIT} from '#netlify/services/exams/results-pdf'
import type {AnswerRecord} from '#schemas/rules/exam-scoring'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_KEY_QUERY} from '#netlify/platform/content/queries'
import {action} from '~/routes/exam.$examId.results[.]pdf'
import {signedDraw, useDrawSecret} from './exam-draw-fixtures'

useDrawSecret()

const EXAM_ID = 'maritime-safety-basics'
const dir = mkdtempSync(join(tmpdir(), 'results-pdf-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))
const has = (tool: string) => spawnSync(tool, ['-v']).error === undefined

type KeyedExam = NonNullable<Awaited<ReturnType<typeof fetchContent<typeof EXAM_KEY_QUERY>>>>
let exam: KeyedExam
beforeAll(async () => {
  const found = await fetchContent(EXAM_KEY_QUERY, {examId: EXAM_ID})
  if (!found) throw new Error(`${EXAM_ID} is missing from the seed dataset`)
  exam = found
})

/** The first variant of each slot: the draw signed for these tests. */
const firstVariants = (keyed: KeyedExam) => keyed.slots.map((slot) => slot.variants[0]!)

const correctAnswer = (q: KeyedExam['slots'][number]['variants'][number]): AnswerRecord['answer'] =>
  q.type === 'multiple-choice' ? [...(q.correctAnswers ?? [])] : (q.correctAnswer ?? '')

/** Posts `body` (an object gets a signed draw of the first variants unless it has one). */
function post(body: unknown, {examId = EXAM_ID, contentType = 'application/json'} = {}): Promise<Response> {
  const withDraw =
    typeof body === 'object' && body !== null && !('draw' in body)
      ? {
          ...body,
          draw: signedDraw(
            examId,
            firstVariants(exam).map((q) => q.id),
          ),
        }
      : body
  const request = new Request(`http://localhost/exam/${examId}/results.pdf`, {
    method: 'POST',
    body: typeof withDraw === 'string' ? withDraw : JSON.stringify(withDraw),
    headers: {'Content-Type': contentType},
  })
  return action({request, params: {examId}, context: {}} as unknown as ActionFunctionArgs)
}

let files = 0
function pdfText(bytes: Uint8Array): string {
  const path = join(dir, `results-${++files}.pdf`)
  writeFileSync(path, bytes)
  const result = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], {encoding: 'utf8'})
  expect(result.status, result.stderr).toBe(0)
  expect(result.stderr).toBe('')
  return result.stdout.replace(/[ \t]+/g, ' ')
}

describe.runIf(has('pdftotext') || Boolean(process.env.CI))('the results PDF', () => {
  it('prints the server-scored result with every question, as real text on A4, in at most two pages', async () => {
    // All correct but the first question, which is left unanswered.
    const answers = firstVariants(exam)
      .slice(1)
      .map((q) => ({questionId: q.id, answer: correctAnswer(q)}))
    const first = firstVariants(exam)[0]!
    const earned = exam.totalPoints - first.points
    const percentage = Math.round((earned / exam.totalPoints) * 100)
    const response = await post({answers, timeSpent: 754, submittedAt: '2026-11-24T10:05:00.000Z', timeZone: 'Asia/Dubai'})
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="exam-results-${EXAM_ID}-2026-11-24.pdf"`)
    expect(response.headers.get('cache-control')).toContain('no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1)
    expect(doc.getPageCount()).toBeLessThanOrEqual(2)
    expect(doc.getPage(0).getSize()).toEqual(A4_POINTS)

    const text = pdfText(bytes)
    expect(text).toContain('Practice exam result')
    expect(text).toContain(exam.title)
    expect(text).toContain('24 November 2026 at 14:05 (Asia/Dubai)')
    expect(text).toContain('Time spent 12m 34s')
    expect(text).toContain(`Score ${earned}/${exam.totalPoints} (${percentage}%)`)
    expect(text).toMatch(new RegExp(`Grade [A-F]`))
    expect(text).toContain(`Result ${percentage >= 70 ? 'Passed' : 'Not passed'} (pass mark 70%)`)
    expect(text).toContain(`Correct answers ${firstVariants(exam).length - 1} of ${firstVariants(exam).length}`)
    expect(text).toContain('Your answer: No answer')
    expect(text).toContain(`Incorrect: 0/${first.points} points`)
    const single = firstVariants(exam)
      .slice(1)
      .find((q) => q.type === 'single-choice')!
    expect(text).toContain(`Correct answer: ${single.correctAnswer}`)
    expect(text).toContain(`Your answer: ${single.correctAnswer}`)
  })

  it('never trusts a score from the browser: nothing answered is 0 % and Not passed', async () => {
    const response = await post({answers: [], timeSpent: 5, submittedAt: '2026-11-24T23:30:00Z', timeZone: 'Not/AZone', score: 100})
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain(`exam-results-${EXAM_ID}-2026-11-24.pdf`)
    const text = pdfText(new Uint8Array(await response.arrayBuffer()))
    expect(text).toContain(`Score 0/${exam.totalPoints} (0%)`)
    expect(text).toContain('Result Not passed (pass mark 70%)')
    expect(text).toContain('24 November 2026 at 23:30 (UTC)')
  })
})

describe('bad input', () => {
  it('answers 400, 413, 415 and 404 with a message, never a 500', async () => {
    const cases: Array<[Promise<Response>, number]> = [
      [post('{not json'), 400],
      [post({answers: []}), 400],
      [post({answers: 'x', timeSpent: 1, submittedAt: '2026-11-24T10:05:00Z'}), 400],
      [post({answers: [], timeSpent: -1, submittedAt: '2026-11-24T10:05:00Z'}), 400],
      [post({answers: [], timeSpent: 1, submittedAt: 'yesterday'}), 400],
      [post({answers: [], timeSpent: 1, submittedAt: '2026-11-24T10:05:00Z', draw: undefined}), 400],
      [post(JSON.stringify({answers: [], pad: 'x'.repeat(600 * 1024)})), 413],
      [post({answers: []}, {contentType: 'text/plain'}), 415],
      [post({answers: [], timeSpent: 1, submittedAt: '2026-11-24T10:05:00Z'}, {examId: 'no-such-exam'}), 404],
      [post({answers: [], timeSpent: 1, submittedAt: '2026-11-24T10:05:00Z'}, {examId: '../etc'}), 404],
    ]
    for (const [pending, status] of cases) {
      const response = await pending
      expect(response.status).toBe(status)
      expect(((await response.json()) as {error: string}).error).toEqual(expect.any(String))
    }
  })

  it('shortens a very long answer', () => {
    const long = 'a'.repeat(ANSWER_PRINT_LIMIT + 50)
    expect(answerText(long, 'No answer')).toBe(`${'a'.repeat(ANSWER_PRINT_LIMIT)}…`)
    expect(answerText(['A', 'B'], 'No answer')).toBe('A, B')
    expect(answerText(null, 'No answer')).toBe('No answer')
  })
})
