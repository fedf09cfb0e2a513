/**
 * /exam/{examId}/results (docs/requirements.md#req-exam-results, #req-entities-stored-result, #req-validation-exam-scoring, #req-calls-exams, #req-errors): the stored result in local
 * storage (`examResults`) is scored on the server and shown with grade, percent, correct count,
 * time spent 'Xm Ys', the performance bar's colour band and the per-question breakdown;
 * 'Download Results' saves exam-results-{examId}-{YYYY-MM-DD}.json with exactly the spec's
 * fields; no stored result or an unknown exam goes to /exams. Axe on the screen.
 */
import {readFile} from 'node:fs/promises'
import type {Page, Route} from '@playwright/test'
import {firstVariants, firstVariantsDraw, seedExams, type SeedQuestion} from './exam-seed'
import {expect, expectAccessible, test} from './fixtures'

const EXAM_ID = 'maritime-safety-basics'
const RESULTS = `/exam/${EXAM_ID}/results`

/** The exam with its answer key, straight from the seed dataset: the first variant of each slot, the draw the stored results carry. */
const EXAM = (() => {
  const found = seedExams().find((doc) => doc.examId.current === EXAM_ID)
  if (!found) throw new Error(`${EXAM_ID} is missing from the seed dataset`)
  return {...found, questions: firstVariants(found)}
})()

type Answer = {questionId: string; answer: string | string[]}
const correctAnswer = (q: SeedQuestion) => (q.type === 'multiple-choice' ? (q.correctAnswers ?? []) : (q.correctAnswer ?? ''))
const ALL_CORRECT: Answer[] = EXAM.questions.map((q) => ({questionId: q.questionId, answer: correctAnswer(q)}))

/** Stores a result for the exam before any page script runs (as the take page leaves it, with a signed draw of the first variants). */
async function storeResult(page: Page, answers: Answer[], timeSpent = 754, examId = EXAM_ID) {
  const record = {[examId]: {examId, answers, timeSpent, submittedAt: '2026-03-04T09:05:06.000Z', draw: firstVariantsDraw(examId)}}
  await page.addInitScript((value) => window.localStorage.setItem('examResults', value), JSON.stringify(record))
}

async function expectResultsShown(page: Page) {
  await expect(page.getByRole('heading', {level: 1, name: 'Exam Completed!'})).toBeVisible()
  await expect(page.getByTestId('results-summary')).toBeVisible()
}

const isScoringRequest = (route: Route) => route.request().method() === 'POST'

test('all correct answers: 100 %, grade A, 8/8 correct, a green bar and every answer marked Correct', async ({page}) => {
  await storeResult(page, ALL_CORRECT)
  await page.goto(RESULTS)
  await expectResultsShown(page)
  await expect(page.getByTestId('result-grade')).toHaveText('A')
  await expect(page.getByTestId('result-percentage')).toHaveText('100%')
  await expect(page.getByTestId('result-correct')).toHaveText('8/8 correct')
  await expect(page.getByTestId('result-points')).toHaveText('100/100')
  await expect(page.getByTestId('result-time')).toHaveText('12m 34s')
  // The pass mark (70 %) and an explanation under every question.
  await expect(page.getByTestId('result-pass')).toHaveText('Passed')
  await expect(page.getByTestId('question-explanation')).toHaveCount(8)

  const bar = page.getByRole('meter', {name: 'Overall performance'})
  await expect(bar).toHaveAttribute('data-colour', 'green')
  await expect(bar).toHaveAttribute('aria-valuenow', '100')
  await expect(page.getByTestId('performance-fill')).toHaveClass(/bg-emerald-600/)
  await expect(page.getByTestId('performance-fill')).toHaveAttribute('style', /width: 100%/)

  const cards = page.getByTestId('question-result')
  await expect(cards).toHaveCount(8)
  await expect(cards.getByText('Correct', {exact: true})).toHaveCount(8)
  await expect(page.getByText('No answer provided')).toHaveCount(0)
  for (const [index, q] of EXAM.questions.entries()) {
    const card = cards.nth(index)
    await expect(card.getByRole('heading', {level: 3})).toHaveText(q.question)
    await expect(card.getByTestId('question-points')).toHaveText(`${q.points}/${q.points} points`)
    const shown = q.type === 'multiple-choice' ? (q.correctAnswers ?? []).join(', ') : (q.correctAnswer ?? '')
    await expect(card.getByTestId('user-answer')).toHaveText(shown)
    await expect(card.getByTestId('correct-answer')).toHaveText(shown)
  }
  await expect(page.getByRole('status').filter({hasText: 'Your results are ready'})).toHaveText('Your results are ready: grade A, 100%.')
  await expectAccessible(page)
})

test('no answers: 0 %, grade F, a red bar and "No answer provided" for each of the 8 questions', async ({page}) => {
  await storeResult(page, [], 65)
  await page.goto(RESULTS)
  await expectResultsShown(page)
  await expect(page.getByTestId('result-grade')).toHaveText('F')
  await expect(page.getByTestId('result-percentage')).toHaveText('0%')
  await expect(page.getByTestId('result-correct')).toHaveText('0/8 correct')
  await expect(page.getByTestId('result-time')).toHaveText('1m 5s')
  await expect(page.getByTestId('result-pass')).toHaveText('Not passed')
  await expect(page.getByText('No answer provided', {exact: true})).toHaveCount(8)
  await expect(page.getByTestId('question-result').getByText('Incorrect', {exact: true})).toHaveCount(8)
  const bar = page.getByRole('meter', {name: 'Overall performance'})
  await expect(bar).toHaveAttribute('data-colour', 'red')
  await expect(page.getByTestId('performance-fill')).toHaveClass(/bg-red-600/)
  // The correct answers are still shown for every question.
  await expect(page.getByTestId('correct-answer').filter({hasText: 'SOLAS'})).toHaveCount(1)
  await expectAccessible(page)
})

test('half the points: 50 %, a yellow bar, wrong and missing answers marked Incorrect with 0 points', async ({page}) => {
  // q1 (10) + q2 (15) + q3 (15, in another order) + q4 (10) = 50 of 100; q5 wrong; q6–q8 unanswered.
  const [q1, q2, q3, q4] = ALL_CORRECT
  await storeResult(page, [q1!, q2!, {questionId: q3!.questionId, answer: [...(q3!.answer as string[])].reverse()}, q4!, {questionId: 'q5', answer: 'Pan-pan'}])
  await page.goto(RESULTS)
  await expectResultsShown(page)
  await expect(page.getByTestId('result-percentage')).toHaveText('50%')
  await expect(page.getByTestId('result-grade')).toHaveText('F')
  await expect(page.getByTestId('result-correct')).toHaveText('4/8 correct')
  await expect(page.getByTestId('result-pass')).toHaveText('Not passed')
  await expect(page.getByRole('meter', {name: 'Overall performance'})).toHaveAttribute('data-colour', 'yellow')
  await expect(page.getByTestId('performance-fill')).toHaveClass(/bg-yellow-400/)
  const q5 = page.getByTestId('question-result').nth(4)
  await expect(q5).toContainText('Incorrect')
  await expect(q5.getByTestId('question-points')).toHaveText('0/10 points')
  await expect(q5.getByTestId('user-answer')).toHaveText('Pan-pan')
  await expect(q5.getByTestId('correct-answer')).toHaveText('Mayday')
  await expect(page.getByText('No answer provided', {exact: true})).toHaveCount(3)
})

test('Download Results saves exam-results-{examId}-{local date}.json with exactly the spec fields', async ({page}) => {
  await storeResult(page, ALL_CORRECT)
  await page.goto(RESULTS)
  await expectResultsShown(page)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Download Results'}).click()])
  const name = download.suggestedFilename()
  expect(name).toMatch(/^exam-results-maritime-safety-basics-\d{4}-\d{2}-\d{2}\.json$/)
  const today = await page.evaluate(() => {
    const d = new Date()
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  })
  expect(name).toBe(`exam-results-${EXAM_ID}-${today}.json`)

  const file = JSON.parse(await readFile((await download.path())!, 'utf8'))
  expect(Object.keys(file).sort()).toEqual(['examTitle', 'grade', 'percentage', 'questions', 'score', 'submittedAt', 'timeSpent'])
  expect(file).toMatchObject({examTitle: EXAM.title, score: '100/100', percentage: 100, grade: 'A', timeSpent: 754, submittedAt: '2026-03-04T09:05:06.000Z'})
  expect(file.questions).toHaveLength(8)
  for (const [index, question] of (file.questions as Array<Record<string, unknown>>).entries()) {
    expect(Object.keys(question).sort()).toEqual(['correctAnswer', 'isCorrect', 'points', 'question', 'userAnswer'])
    const q = EXAM.questions[index]!
    expect(question).toEqual({
      question: q.question,
      userAnswer: correctAnswer(q),
      correctAnswer: correctAnswer(q),
      isCorrect: true,
      points: `${q.points}/${q.points}`,
    })
  }
})

test('an unanswered question is null in the downloaded file', async ({page}) => {
  await storeResult(page, [])
  await page.goto(RESULTS)
  await expectResultsShown(page)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Download Results'}).click()])
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'))
  expect(file).toMatchObject({score: '0/100', percentage: 0, grade: 'F'})
  expect(file.questions.map((q: {userAnswer: unknown}) => q.userAnswer)).toEqual(Array(8).fill(null))
  expect(file.questions.map((q: {points: string}) => q.points)).toEqual(EXAM.questions.map((q) => `0/${q.points}`))
})

test('Retake Exam goes to the start page and Back to Exams to the catalogue', async ({page}) => {
  await storeResult(page, ALL_CORRECT)
  await page.goto(RESULTS)
  await expectResultsShown(page)
  await expect(page.getByRole('link', {name: 'Retake Exam'})).toHaveAttribute('href', `/exam/${EXAM_ID}/start`)
  const back = page.getByTestId('results-summary').getByRole('link', {name: 'Back to Exams'})
  await expect(back).toHaveAttribute('href', '/exams')
  await back.click()
  await expect(page).toHaveURL(/\/exams$/)
})

test('without a stored result the page redirects to /exams', async ({page}) => {
  // A result of the other exam does not count.
  await storeResult(page, ALL_CORRECT, 100, 'navigation-fundamentals')
  await page.goto(RESULTS)
  await expect(page).toHaveURL(/\/exams$/)
  await expect(page.getByRole('heading', {level: 1, name: 'Practice Exams'})).toBeVisible()
})

test('an unknown exam redirects to /exams', async ({page}) => {
  await storeResult(page, ALL_CORRECT, 100, 'no-such-exam')
  const response = await page.goto('/exam/no-such-exam/results')
  await expect(page).toHaveURL(/\/exams$/)
  expect(response?.status()).toBe(200)
})

test("the page's HTML carries neither the questions nor the answer key", async ({request}) => {
  const html = await (await request.get(RESULTS)).text()
  for (const q of EXAM.questions) {
    expect(html).not.toContain(q.question)
  }
  expect(html.toLowerCase()).not.toContain('man overboard')
})

test('a loading state while scoring, then the results', async ({page}) => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/results.data*', async (route) => {
    if (isScoringRequest(route)) await held
    await route.fallback()
  })
  await storeResult(page, ALL_CORRECT)
  await page.goto(RESULTS)
  await expect(page.getByTestId('results-loading').getByText('Calculating your results...', {exact: true})).toBeVisible()
  await expect(page.getByRole('region', {name: 'Exam results'})).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByRole('status').filter({hasText: 'Calculating'})).toHaveText('Calculating your results...')
  release()
  await expectResultsShown(page)
  await expect(page.getByRole('region', {name: 'Exam results'})).toHaveAttribute('aria-busy', 'false')
})

test('a failed scoring request shows an error with a retry that then succeeds', async ({page}) => {
  let failures = 1
  await page.route('**/results.data*', async (route) => {
    if (isScoringRequest(route) && failures > 0) {
      failures -= 1
      await route.abort('connectionrefused')
      return
    }
    await route.fallback()
  })
  await storeResult(page, ALL_CORRECT)
  await page.goto(RESULTS)
  const alert = page.getByRole('alert').filter({hasText: 'We could not calculate your results'})
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('check your connection')
  await expectAccessible(page)
  await alert.getByRole('button', {name: 'Try again'}).click()
  await expectResultsShown(page)
  await expect(page.getByTestId('result-grade')).toHaveText('A')
})

test.describe('on a 390px phone', () => {
  test.use({viewport: {width: 390, height: 844}})

  test('the results fit the screen without sideways scrolling and pass axe', async ({page}) => {
    await storeResult(page, ALL_CORRECT.slice(0, 5))
    await page.goto(RESULTS)
    await expectResultsShown(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expect(page.getByRole('button', {name: 'Download Results'})).toBeVisible()
    await expectAccessible(page)
  })
})
