/**
 * The /exam/{examId}/results action and loader (web/app/routes/exam.$examId.results.tsx) over
 * the seed dataset: answers are scored on the server against the answer key with the spec's
 * rules (docs/requirements.md#req-validation-exam-scoring); bad input is a 400 with a message, an unknown exam a 404; the loader
 * gives the exam's id and title only and redirects an unknown exam to /exams. Every scored body
 * carries a draw signed with the test secret (the refusals of draws: exam-draw.test.ts).
 */
import type {ActionFunctionArgs, LoaderFunctionArgs} from '@remix-run/node'
import {beforeAll, describe, expect, it} from 'vitest'
import type {AnswerRecord} from '#schemas/rules/exam-scoring'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_KEY_QUERY} from '#netlify/platform/content/queries'
import {SCORE_LIMITS} from '#schemas/contracts/forms/exam'
import {action, loader, SCORE_MESSAGES, type ScoreActionData} from '~/routes/exam.$examId.results'
import {DRAW_MESSAGES} from '#netlify/services/exams/attempts/draws'
import {signedDraw, useDrawSecret} from './exam-draw-fixtures'

useDrawSecret()

const EXAM_ID = 'maritime-safety-basics'
type KeyedExam = NonNullable<Awaited<ReturnType<typeof fetchContent<typeof EXAM_KEY_QUERY>>>>
let exam: KeyedExam

beforeAll(async () => {
  const found = await fetchContent(EXAM_KEY_QUERY, {examId: EXAM_ID})
  if (!found) throw new Error(`${EXAM_ID} is missing from the seed dataset`)
  exam = found
})

/** The first variant of every slot: the draw most tests sign. */
const firstVariants = (key: KeyedExam) => key.slots.map((slot) => slot.variants[0]!)
/** Every variant question of the exam. */
const allVariants = (key: KeyedExam) => key.slots.flatMap((slot) => slot.variants)
type Variant = ReturnType<typeof allVariants>[number]
const correctOf = (q: Variant): AnswerRecord => ({
  questionId: q.id,
  answer: q.type === 'multiple-choice' ? [...(q.correctAnswers ?? [])] : (q.correctAnswer ?? ''),
})

/** The correct answer of every question, from the answer key. */
function allCorrect(key: KeyedExam): AnswerRecord[] {
  return firstVariants(key).map((q) => ({questionId: q.id, answer: q.type === 'multiple-choice' ? [...(q.correctAnswers ?? [])] : (q.correctAnswer ?? '')}))
}

function question(type: string) {
  const found = firstVariants(exam).find((q) => q.type === type)
  if (!found) throw new Error(`no ${type} question in ${EXAM_ID}`)
  return found
}

type Outcome = {status: number; data: ScoreActionData}

/** Calls the action as Remix would and unwraps `data(...)` into status and payload. */
async function post(body: BodyInit | null, {examId = EXAM_ID, contentType = 'application/json'} = {}): Promise<Outcome> {
  const headers = contentType ? {'Content-Type': contentType} : undefined
  const request = new Request(`http://localhost/exam/${examId}/results`, {method: 'POST', body, headers})
  const result = (await action({request, params: {examId}, context: {}} as unknown as ActionFunctionArgs)) as unknown
  if (result && typeof result === 'object' && 'type' in result && (result as {type: unknown}).type === 'DataWithResponseInit') {
    const wrapped = result as unknown as {data: ScoreActionData; init: ResponseInit | null}
    return {status: wrapped.init?.status ?? 200, data: wrapped.data}
  }
  return {status: 200, data: result as ScoreActionData}
}

/** The answers with a signed draw of the first variants. */
const postAnswers = (answers: unknown, examId = EXAM_ID) =>
  post(
    JSON.stringify({
      answers,
      draw: signedDraw(
        examId,
        firstVariants(exam).map((q) => q.id),
      ),
    }),
    {examId},
  )

function scored(outcome: Outcome) {
  expect(outcome.status).toBe(200)
  if (outcome.data.status !== 'scored') throw new Error(`not scored: ${JSON.stringify(outcome.data)}`)
  return outcome.data.score
}

function errorOf(outcome: Outcome): string {
  if (outcome.data.status !== 'error') throw new Error(`expected an error, got ${JSON.stringify(outcome.data)}`)
  expect(outcome.data.message).toEqual(expect.any(String))
  expect(outcome.data.message.length).toBeGreaterThan(0)
  return outcome.data.message
}

describe('scoring on the server', () => {
  it('all correct answers give 100 %, A, 8/8 and full points, with the correct answers in the breakdown', async () => {
    const outcome = await postAnswers(allCorrect(exam))
    const score = scored(outcome)
    expect(score).toMatchObject({percentage: 100, grade: 'A', earned: 100, totalPoints: 100, correctCount: 8, questionCount: 8})
    expect(outcome.data.status === 'scored' && outcome.data.title).toBe('Maritime Safety Basics')
    expect(score.questions.every((q) => q.isCorrect && q.pointsEarned === q.points)).toBe(true)
    const mc = score.questions.find((q) => q.type === 'multiple-choice')
    expect(mc?.correctAnswer).toEqual(question('multiple-choice').correctAnswers)
  })

  it('no answers give 0 %, F, every answer null and no points', async () => {
    const score = scored(await postAnswers([]))
    expect(score).toMatchObject({percentage: 0, grade: 'F', earned: 0, correctCount: 0, questionCount: 8})
    expect(score.questions.map((q) => q.userAnswer)).toEqual(Array(8).fill(null))
    expect(score.questions.every((q) => q.correctAnswer !== null)).toBe(true)
  })

  it('a multiple-choice answer in another order is correct; a subset or a superset is not', async () => {
    const mc = question('multiple-choice')
    const correct = mc.correctAnswers ?? []
    expect(correct.length).toBeGreaterThan(1)
    const result = async (answer: string[]) => scored(await postAnswers([{questionId: mc.id, answer}])).questions.find((q) => q.id === mc.id)

    const reversed = await result([...correct].reverse())
    expect(reversed).toMatchObject({isCorrect: true, pointsEarned: mc.points, userAnswer: [...correct].reverse()})
    expect(await result(correct.slice(1))).toMatchObject({isCorrect: false, pointsEarned: 0})
    const extra = (mc.options ?? []).find((option) => !correct.includes(option))
    expect(extra).toBeDefined()
    expect(await result([...correct, extra!])).toMatchObject({isCorrect: false, pointsEarned: 0})
  })

  it('a text answer with different case and surrounding whitespace is correct', async () => {
    const text = question('text')
    const answer = `  ${(text.correctAnswer ?? '').toUpperCase()} \n`
    const score = scored(await postAnswers([{questionId: text.id, answer}]))
    expect(score.questions.find((q) => q.id === text.id)).toMatchObject({isCorrect: true, pointsEarned: text.points})
    expect(score.earned).toBe(text.points)
  })

  it('a textarea answer containing the key is correct; a single-choice answer must match exactly', async () => {
    const textarea = question('textarea')
    const single = question('single-choice')
    const score = scored(
      await postAnswers([
        {questionId: textarea.id, answer: `My answer: ${textarea.correctAnswer} and more.`},
        {questionId: single.id, answer: ` ${single.correctAnswer}`},
      ]),
    )
    expect(score.questions.find((q) => q.id === textarea.id)?.isCorrect).toBe(true)
    expect(score.questions.find((q) => q.id === single.id)?.isCorrect).toBe(false)
  })

  it('accepts the answers and the draw as form fields; the bare array of answer records carries no draw and is refused', async () => {
    const draw = signedDraw(
      EXAM_ID,
      firstVariants(exam).map((q) => q.id),
    )
    const form = new URLSearchParams({answers: JSON.stringify(allCorrect(exam)), draw: JSON.stringify(draw)})
    expect(scored(await post(form, {contentType: 'application/x-www-form-urlencoded'})).percentage).toBe(100)
    const bare = await post(JSON.stringify(allCorrect(exam)))
    expect(bare.status).toBe(400)
    expect(errorOf(bare)).toBe(DRAW_MESSAGES.missing)
  })

  it('refuses answers to questions the exam does not have (nothing outside the draw is scored)', async () => {
    const outcome = await postAnswers([{questionId: 'q99', answer: 'SOLAS'}])
    expect(outcome.status).toBe(400)
    errorOf(outcome)
  })
})

describe('variants (docs/requirements.md#req-exam-variants)', () => {
  const postDraw = (answers: unknown, variants: string[]) => post(JSON.stringify({answers, draw: signedDraw(EXAM_ID, variants)}))
  const lastVariants = () => exam.slots.map((slot) => slot.variants[slot.variants.length - 1]!)

  it('the seed exam has three variants per slot of the same type and points, totalling 100', () => {
    expect(exam.slots).toHaveLength(8)
    for (const slot of exam.slots) {
      expect(slot.variants).toHaveLength(3)
      expect(new Set(slot.variants.map((v) => `${v.type}/${v.points}`)).size).toBe(1)
    }
    expect(firstVariants(exam).reduce((sum, q) => sum + q.points, 0)).toBe(100)
  })

  it('scores only the drawn variants, with explanations, the pass mark and variant questions', async () => {
    const drawn = lastVariants()
    const outcome = await postDraw(
      drawn.map(correctOf),
      drawn.map((q) => q.id),
    )
    const score = scored(outcome)
    expect(score).toMatchObject({percentage: 100, earned: 100, questionCount: 8})
    expect(score.questions.map((q) => q.id)).toEqual(drawn.map((q) => q.id))
    if (outcome.data.status !== 'scored') throw new Error('not scored')
    expect(outcome.data.review.passMark).toBe(70)
    expect(outcome.data.review.showCorrectAnswers).toBe(true)
    expect(Object.keys(outcome.data.review.explanations).sort()).toEqual(drawn.map((q) => q.id).sort())
  })

  it('an accepted answer scores', async () => {
    const drawn = firstVariants(exam)
    const mayday = drawn.find((q) => q.correctAnswer === 'Mayday')!
    expect(mayday.acceptedAnswers).toContain('MAYDAY MAYDAY MAYDAY')
    const mob = drawn.find((q) => q.type === 'textarea' && q.acceptedAnswers?.includes('williamson turn'))!
    const score = scored(
      await postDraw(
        [
          {questionId: mayday.id, answer: 'mayday mayday mayday'},
          {questionId: mob.id, answer: 'Raise the alarm, throw a lifebuoy, keep the person in sight, Williamson turn'},
        ],
        drawn.map((q) => q.id),
      ),
    )
    expect(score.earned).toBe(mayday.points + mob.points)
  })

  it('refuses answers of the wrong shape', async () => {
    const ids = firstVariants(exam).map((q) => q.id)
    for (const answers of [[{questionId: question('multiple-choice').id, answer: 'SOLAS'}], [{questionId: question('text').id, answer: ['Mayday']}]]) {
      const outcome = await postDraw(answers, ids)
      expect(outcome.status, JSON.stringify(answers)).toBe(400)
      expect(errorOf(outcome)).toMatch(/has the wrong shape/)
    }
  })
})

describe('bad input is a 400 with a message, never a 500', () => {
  const cases: Array<[string, BodyInit | null, string?]> = [
    ['malformed JSON', '{"answers": [', 'application/json'],
    ['JSON that is not an object with answers', '"hello"', 'application/json'],
    ['answers that are not a list', JSON.stringify({answers: {q1: 'SOLAS'}}), 'application/json'],
    ['a record without a question id', JSON.stringify({answers: [{answer: 'SOLAS'}]}), 'application/json'],
    ['an answer of the wrong type', JSON.stringify({answers: [{questionId: 'q1', answer: 42}]}), 'application/json'],
    ['a list holding a non-string', JSON.stringify({answers: [{questionId: 'q3', answer: ['a', 1]}]}), 'application/json'],
    ['a question id over 64 characters', JSON.stringify({answers: [{questionId: 'q'.repeat(65), answer: 'x'}]}), 'application/json'],
    ['a text answer over 5000 characters', JSON.stringify({answers: [{questionId: 'q5', answer: 'a'.repeat(5001)}]}), 'application/json'],
    ['more than 20 choices', JSON.stringify({answers: [{questionId: 'q3', answer: Array(21).fill('a')}]}), 'application/json'],
    ['more than 50 records', JSON.stringify({answers: Array.from({length: 51}, (_, i) => ({questionId: `q${i}`, answer: 'x'}))}), 'application/json'],
    ['an empty body', null, 'application/json'],
    ['a form without the answers field', new URLSearchParams({other: '1'}), 'application/x-www-form-urlencoded'],
    ['a form field that is not JSON', new URLSearchParams({answers: 'SOLAS'}), 'application/x-www-form-urlencoded'],
    ['plain text', 'answers', 'text/plain'],
  ]
  for (const [name, body, contentType] of cases) {
    it(name, async () => {
      const outcome = await post(body, {contentType})
      expect(outcome.status).toBe(400)
      errorOf(outcome)
    })
  }

  it('the message says what is wrong', async () => {
    expect(errorOf(await post('{"answers": ['))).toBe(SCORE_MESSAGES.notJson)
    expect(errorOf(await postAnswers([{questionId: 'q1', answer: 42}]))).toMatch(/^The answers could not be read \(answers\.0\.answer: /)
  })

  it('the limits themselves are accepted (50 records, 20 choices, 5000 characters, a 64-character id)', async () => {
    const within = [
      {questionId: 'q5', answer: 'a'.repeat(SCORE_LIMITS.text)},
      {questionId: 'q3', answer: Array(SCORE_LIMITS.choices).fill('a')},
    ]
    expect(scored(await postAnswers(within)).grade).toBe('F')
    // At the limits the body is read; ids the exam does not have are then refused by the draw check.
    const answers = [
      ...within,
      {questionId: 'q'.repeat(SCORE_LIMITS.questionId), answer: 'x'},
      ...Array.from({length: SCORE_LIMITS.records - 3}, (_, i) => ({questionId: `x${i}`, answer: 'x'})),
    ]
    const outcome = await postAnswers(answers)
    expect(outcome.status).toBe(400)
    expect(errorOf(outcome)).toMatch(/is not for a question of this attempt/)
  })

  it('a body over the size limit is a 413', async () => {
    const outcome = await post(JSON.stringify({answers: [], padding: 'x'.repeat(SCORE_LIMITS.bodyBytes)}))
    expect(outcome.status).toBe(413)
    expect(errorOf(outcome)).toBe(SCORE_MESSAGES.tooLarge)
  })
})

describe('unknown exams', () => {
  it('the action answers 404 with a message', async () => {
    const outcome = await postAnswers(allCorrect(exam), 'no-such-exam')
    expect(outcome.status).toBe(404)
    expect(errorOf(outcome)).toBe(SCORE_MESSAGES.notFound)
    const odd = await postAnswers([], '../../etc')
    expect(odd.status).toBe(404)
  })

  it('the loader redirects to /exams', async () => {
    const thrown = await loader({
      request: new Request('http://localhost/exam/no-such-exam/results'),
      params: {examId: 'no-such-exam'},
      context: {},
    } as LoaderFunctionArgs).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('Location')).toBe('/exams')
  })

  it('the loader of a known exam gives its id, title and the course category it suggests (the courses link) only, never the answer key', async () => {
    const result = await loader({
      request: new Request(`http://localhost/exam/${EXAM_ID}/results`),
      params: {examId: EXAM_ID},
      context: {},
    } as LoaderFunctionArgs)
    expect(result).toEqual({exam: {examId: EXAM_ID, title: 'Maritime Safety Basics', courses: {slug: 'stcw-courses', title: 'STCW Courses'}}})
    const text = JSON.stringify(result)
    for (const q of allVariants(exam)) expect(text).not.toContain(q.question)
  })
})
