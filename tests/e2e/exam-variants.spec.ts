/**
 * (docs/requirements.md#req-exam-variants, #req-exam-pass) through the real pages: two
 * attempts draw different variants (the server's signed draws); option order differs across
 * attempts but not across a reload; an accepted answer scores; pass or fail next to the grade;
 * axe; a refused submission keeps the attempt open; a draw that cannot be fetched says so.
 */
import type {Page} from '@playwright/test'
import {pinFirstVariants} from './exam-seed'
import {expect, expectAccessible, test} from './fixtures'

const EXAM = 'maritime-safety-basics'
const START = `/exam/${EXAM}/start`
const TAKE = `/exam/${EXAM}/take`
const RESULTS = `/exam/${EXAM}/results`

type StoredAttempt = {draw: {variants: string[]; optionOrder: Record<string, string[]>; signature: string}}

async function startExam(page: Page) {
  await page.goto(START)
  await page.getByLabel(/I have read the instructions/).check()
  await page.getByRole('button', {name: 'Start Exam'}).click()
  await expect(page).toHaveURL(TAKE)
  await expect(page.getByRole('heading', {level: 2, name: 'Question 1'})).toBeVisible()
}

const storedAttempt = (page: Page): Promise<StoredAttempt | null> =>
  page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null') as StoredAttempt | null, `examAttempt:${EXAM}`)

async function submit(page: Page) {
  await page.getByRole('button', {name: 'Submit Exam'}).first().click()
  await page.getByRole('dialog', {name: 'Submit Exam?'}).getByRole('button', {name: 'Submit', exact: true}).click()
  await expect(page).toHaveURL(RESULTS)
  await expect(page.getByTestId('results-summary')).toBeVisible()
}

/** The labels of the current question's options, in the order shown. */
const shownOptions = (page: Page) =>
  page
    .locator('fieldset')
    .first()
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))

test('a retake draws variants this device has not seen, and a reload keeps the draw and the option order', async ({page}) => {
  await startExam(page)
  const first = await storedAttempt(page)
  expect(first?.draw.variants).toHaveLength(8)
  const before = await shownOptions(page)
  expect(before.length).toBeGreaterThan(1)
  expect(before).toEqual(first!.draw.optionOrder[first!.draw.variants[0]!])

  // A reload needs no new draw: the signed copy the browser keeps is enough (the start API is cut off meanwhile).
  let asked = 0
  await page.route('**/api/exams/*/attempts', async (route) => {
    asked += 1
    await route.abort('connectionrefused')
  })
  await page.reload()
  await expect(page.getByRole('heading', {level: 2, name: 'Question 1'})).toBeVisible()
  expect(await storedAttempt(page)).toEqual(first)
  expect(await shownOptions(page)).toEqual(before)
  expect(asked).toBe(0)
  await page.unroute('**/api/exams/*/attempts')

  await submit(page)
  await page.getByRole('link', {name: 'Retake Exam'}).click()
  await startExam(page)
  const second = await storedAttempt(page)
  expect(second?.draw.variants).toHaveLength(8)
  // Unseen first: every slot with more than one variant shows a different one.
  second!.draw.variants.forEach((id, slot) => expect(id, `slot ${slot + 1}`).not.toBe(first!.draw.variants[slot]))
  // Checked from the top of the page: the retake arrives scrolled (client navigation), and the site
  // navigation changes its look with the scroll position (noted for a follow-up).
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForFunction(() => window.scrollY === 0)
  await expectAccessible(page)
})

test('the same questions in a new attempt come with a new option order', async ({context, page}) => {
  await pinFirstVariants(context, {shuffle: true})
  await startExam(page)
  const first = await storedAttempt(page)
  await submit(page)
  await page.getByRole('link', {name: 'Retake Exam'}).click()
  await startExam(page)
  const second = await storedAttempt(page)
  expect(second!.draw.variants).toEqual(first!.draw.variants)
  // Five choice questions (4, 4, 5, 3 and 4 options): all in the same order again is about 1 in 10 million.
  expect(Object.keys(second!.draw.optionOrder).sort()).toEqual(Object.keys(first!.draw.optionOrder).sort())
  expect(second!.draw.optionOrder).not.toEqual(first!.draw.optionOrder)
})

test('an accepted answer scores, and a result under the pass mark says "Not passed"', async ({context, page}) => {
  await pinFirstVariants(context)
  await startExam(page)
  await page.getByRole('toolbar', {name: 'Question navigator'}).getByRole('button').nth(4).click()
  await page.getByRole('textbox', {name: /distress call/}).fill('MAYDAY MAYDAY MAYDAY')
  await page.getByRole('toolbar', {name: 'Question navigator'}).getByRole('button').nth(7).click()
  await page.getByRole('textbox', {name: /fall over the side/}).fill('Raise the alarm, throw a lifebuoy, keep the person in sight, Williamson turn')
  await submit(page)
  await expect(page.getByTestId('result-points')).toHaveText('25/100')
  await expect(page.getByTestId('result-pass')).toHaveText('Not passed')
  const cards = page.getByTestId('question-result')
  await expect(cards.nth(4)).toHaveAttribute('data-correct', 'true')
  await expect(cards.nth(4).getByTestId('correct-answer')).toHaveText('Mayday')
  await expect(cards.nth(7)).toHaveAttribute('data-correct', 'true')
  await expect(cards.nth(7).getByTestId('question-explanation')).toContainText('Williamson turn')
  await expectAccessible(page)
})

test('a refused submission keeps the attempt open: the candidate returns to it and submits again', async ({context, page}) => {
  await pinFirstVariants(context)
  await startExam(page)
  await page.getByRole('radio', {name: 'SOLAS'}).check()
  // The first scoring request goes out with its draw changed (as a forged submission would): the server refuses it.
  let tampered = false
  await page.route('**/results.data*', async (route) => {
    const request = route.request()
    if (request.method() !== 'POST' || tampered) return route.fallback()
    tampered = true
    const body = request.postDataJSON() as {draw: {variants: string[]}}
    body.draw.variants = ['q1b', ...body.draw.variants.slice(1)]
    await route.fallback({postData: JSON.stringify(body)})
  })
  await page.getByRole('button', {name: 'Submit Exam'}).first().click()
  await page.getByRole('dialog', {name: 'Submit Exam?'}).getByRole('button', {name: 'Submit', exact: true}).click()
  await expect(page).toHaveURL(RESULTS)
  const alert = page.getByTestId('results-error')
  await expect(alert).toContainText('The questions sent were not issued by this site for this attempt')
  await expect(alert).toContainText('Your attempt is still open')
  await expectAccessible(page)
  await page.setViewportSize({width: 390, height: 844})
  await expectAccessible(page)
  await page.setViewportSize({width: 1280, height: 800})
  await alert.getByRole('link', {name: 'Return to the exam'}).click()
  await expect(page).toHaveURL(TAKE)
  await expect(page.getByRole('radio', {name: 'SOLAS'})).toBeChecked()
  await submit(page)
  await expect(page.getByTestId('result-points')).not.toHaveText('0/100')
  await expect.poll(() => storedAttempt(page)).toBeNull()
})

test('Start waits for the server draw, and says so when it cannot be fetched; the take page offers Try again', async ({context, page}) => {
  // The first request is held (a slow network), then fails like every one after it until `pass`.
  let pass = false
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/api/exams/*/attempts', async (route) => {
    if (pass) return route.fallback()
    await held
    await route.abort('connectionrefused')
  })
  await page.goto(START)
  await page.getByLabel(/I have read the instructions/).check()
  await page.getByRole('button', {name: 'Start Exam'}).click()
  await expect(page.getByRole('status').filter({hasText: 'Preparing your questions...'})).toBeVisible()
  await expect(page.getByRole('button', {name: 'Start Exam'})).toHaveAttribute('aria-disabled', 'true')
  release()
  await expect(page.getByTestId('start-error')).toHaveText(/could not reach the server to prepare your questions/)
  await expect(page).toHaveURL(START)
  await expectAccessible(page)
  await page.setViewportSize({width: 390, height: 844})
  await expectAccessible(page)

  // A direct visit to the take page cannot get its draw either: an error with Try again, then it works.
  await page.goto(TAKE)
  const failed = page.getByTestId('exam-load-error')
  await expect(failed).toContainText('Your exam could not be started')
  await expect(failed.getByRole('link', {name: 'Back to the instructions'})).toHaveAttribute('href', START)
  await expectAccessible(page)
  await page.setViewportSize({width: 1280, height: 800})
  await expectAccessible(page)
  pass = true
  await failed.getByRole('button', {name: 'Try again'}).click()
  await expect(page.getByRole('heading', {level: 2, name: 'Question 1'})).toBeVisible()
  expect((await storedAttempt(page))?.draw.signature).toMatch(/^[A-Za-z0-9_-]{43}$/)
})
