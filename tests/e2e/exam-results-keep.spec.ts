/**
 * docs/requirements.md#req-exam-results-pdf, #req-item-statistics: results a person can
 * keep — "Download PDF" saves a PDF whose text holds the score (read back with pdftotext), the page
 * prints with no navigation, footer or buttons, and links to the courses of the exam's category —
 * and staff's /admin/exams after a few attempts (real API, real login): the exam's variants with
 * attempts, facility and discrimination, CSV, axe, 390 px.
 */
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import type {Page} from '@playwright/test'
import {loginThroughApi, seedToken} from './admin-session'
import {firstVariantsDraw} from './exam-seed'
import {expect, expectAccessible, test} from './fixtures'

const EXAM_ID = 'maritime-safety-basics'
const RESULTS = `/exam/${EXAM_ID}/results`

type SeedQuestion = {questionId: string; type: string; question: string; correctAnswer?: string; correctAnswers?: string[]; points: number}
const EXAM: {title: string; questions: SeedQuestion[]} = (() => {
  const docs = readFileSync('studio/seed/production.ndjson', 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))
  const found = docs.find((doc) => doc._type === 'exam' && doc.examId?.current === EXAM_ID)
  if (!found) throw new Error(`${EXAM_ID} is missing from the seed dataset`)
  // The stored results carry a signed draw of the first variant of each slot.
  return {title: found.title, questions: found.slots.map((slot: {variants: SeedQuestion[]}) => slot.variants[0])}
})()
const ALL_CORRECT = EXAM.questions.map((q) => ({
  questionId: q.questionId,
  answer: q.type === 'multiple-choice' ? (q.correctAnswers ?? []) : (q.correctAnswer ?? ''),
}))

async function storeResult(
  page: Page,
  answers: Array<{questionId: string; answer: string | string[]}>,
  timeSpent = 754,
  submittedAt = '2026-03-04T09:05:06.000Z',
) {
  const record = {[EXAM_ID]: {examId: EXAM_ID, answers, timeSpent, submittedAt, draw: firstVariantsDraw(EXAM_ID)}}
  await page.addInitScript((value) => window.localStorage.setItem('examResults', value), JSON.stringify(record))
}

async function resultsShown(page: Page) {
  await expect(page.getByTestId('results-summary')).toBeVisible()
}

test('Download PDF saves the result as a PDF whose text holds the score', async ({page}) => {
  await storeResult(page, ALL_CORRECT)
  await page.goto(RESULTS)
  await resultsShown(page)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Download PDF'}).click()])
  expect(download.suggestedFilename()).toBe(`exam-results-${EXAM_ID}-2026-03-04.pdf`)
  const path = (await download.path())!
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-')
  const text = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], {encoding: 'utf8'})
  expect(text.status, text.stderr).toBe(0)
  const flat = text.stdout.replace(/[ \t]+/g, ' ')
  expect(flat).toContain(EXAM.title)
  expect(flat).toContain('Score 100/100 (100%)')
  expect(flat).toContain('Grade A')
  expect(flat).toContain('Result Passed (pass mark 70%)')
  expect(flat).toContain('Time spent 12m 34s')
  await expectAccessible(page)
})

test('the results page links to the courses of the exam category and prints only the result', async ({page}) => {
  await storeResult(page, [])
  await page.goto(RESULTS)
  await resultsShown(page)
  const courses = page.getByRole('link', {name: 'Explore the STCW Courses'})
  await expect(courses).toHaveAttribute('href', '/courses/stcw-courses')
  await expectAccessible(page)

  await page.emulateMedia({media: 'print'})
  // No site navigation, footer, skip link or buttons; the actions and the courses link are left out.
  await expect(page.locator('nav:visible, footer:visible, button:visible')).toHaveCount(0)
  await expect(page.getByText('Skip to content')).toBeHidden()
  await expect(page.getByText('Retake Exam')).toBeHidden()
  await expect(page.getByText('Back to Exams')).toBeHidden()
  await expect(page.getByText('Explore the STCW Courses')).toBeHidden()
  await expect(page.getByTestId('results-summary')).toBeVisible()
  await expect(page.getByTestId('question-result')).toHaveCount(EXAM.questions.length)
  await expect(page.getByTestId('question-result').first()).toBeVisible()
  await page.emulateMedia({media: 'screen'})
  await expect(courses).toBeVisible()
})

test('/admin/exams lists the variants with their statistics after a few attempts', async ({page, request}) => {
  // Three full attempts, each drawn, taken and scored: longer than one page's check.
  test.slow()
  // Three attempts scored by the results page (each its own signed draw: an attempt is counted once).
  for (const [index, answers] of [ALL_CORRECT, [], ALL_CORRECT].entries()) {
    const attempt = await page.context().newPage()
    await storeResult(
      attempt,
      answers,
      600,
      new Date(Date.UTC(2026, 2, 5, 10, index, Math.floor(Math.random() * 60), Math.floor(Math.random() * 1000))).toISOString(),
    )
    await attempt.goto(RESULTS)
    await resultsShown(attempt)
    await attempt.close()
  }
  const token = await loginThroughApi(request)
  const api = await request.get(`/api/admin/exam-statistics?examId=${EXAM_ID}`, {headers: {Authorization: `Bearer ${token}`}})
  expect(api.status()).toBe(200)
  const body = (await api.json()) as {variants: Array<{variantId: string; attempts: number}>}
  // These attempts scored the first variant of each slot; other specs' attempts may have added other variants.
  const scored = body.variants.filter((v) => EXAM.questions.some((q) => q.questionId === v.variantId))
  expect(scored.map((v) => v.variantId).sort()).toEqual(EXAM.questions.map((q) => q.questionId).sort())
  expect(Math.min(...scored.map((v) => v.attempts))).toBeGreaterThanOrEqual(3)

  await page.setViewportSize({width: 390, height: 844})
  await seedToken(page, token)
  await page.goto('/admin/exams')
  await expect(page.getByRole('heading', {level: 1, name: 'Exam statistics'})).toBeVisible()
  await expect(page.getByRole('navigation', {name: 'Administration'}).getByRole('link', {name: 'Exams'})).toHaveAttribute('aria-current', 'page')
  const section = page.getByRole('region', {name: 'Item statistics of Maritime Safety Basics'})
  await expect(section.locator('tbody tr').first()).toBeVisible()
  // Every variant of the exam is listed by its question text, the first with these attempts.
  expect(await section.locator('tbody tr').count()).toBe(body.variants.length)
  const first = section.locator('tbody tr').first()
  await expect(first.getByRole('rowheader')).toContainText(EXAM.questions[0]!.question)
  await expect(first.getByRole('rowheader')).toContainText(`Question 1 · variant ${EXAM.questions[0]!.questionId}`)
  await expect(first).toContainText(/Not yet \(\d+ of 30 attempts\)|None|Too/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await expectAccessible(page)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Download CSV of Maritime Safety Basics'}).click()])
  expect(download.suggestedFilename()).toMatch(new RegExp(`^exam-statistics-${EXAM_ID}-\\d{4}-\\d{2}-\\d{2}\\.csv$`))
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
  expect(csv.split('\r\n')[0]).toBe('Exam ID,Slot,Variant ID,Question,Points,Attempts,Facility (%),Discrimination,Flag')
})

test('the statistics API refuses a missing token and a bad exam id', async ({request}) => {
  expect((await request.get(`/api/admin/exam-statistics?examId=${EXAM_ID}`)).status()).toBe(401)
  const token = await loginThroughApi(request)
  expect((await request.get('/api/admin/exam-statistics?examId=..%2Fx', {headers: {Authorization: `Bearer ${token}`}})).status()).toBe(400)
})
