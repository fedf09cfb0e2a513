/**
 * /exam/{examId}/start and /exam/{examId}/take (docs/requirements.md#req-exam-start, #req-exam-take, #req-states-exam, #req-constants-exams): start gating
 * and practice mode, the navigator and progress, Previous/Next ends, the submit dialog, the
 * honest clock (reload keeps the deadline, expiry submits, warnings at 10/5/1 minutes), the
 * answer key never reaching the page, redirects, axe, and the whole exam by keyboard alone.
 * Every test starts with empty local storage (a fresh context per test).
 */
import type {Page} from '@playwright/test'
import {allVariants, pinFirstVariants, seedExams} from './exam-seed'
import {expect, expectAccessible, test} from './fixtures'

const EXAM = 'maritime-safety-basics'
const START = `/exam/${EXAM}/start`
const TAKE = `/exam/${EXAM}/take`
const RESULTS = `/exam/${EXAM}/results`
const T0 = new Date('2025-03-03T09:00:00Z')

// These specs take the first variant of every slot, options in the seed's order (a draw signed as the server signs it).
test.beforeEach(async ({context}) => {
  await pinFirstVariants(context)
})

/** Opens the instructions, ticks the agreement and starts (timed unless `practice`). */
async function startExam(page: Page, {practice = false} = {}) {
  await page.goto(START)
  if (practice) await page.getByLabel('Practice without a time limit').check()
  await page.getByLabel(/I have read the instructions/).check()
  await page.getByRole('button', {name: 'Start Exam'}).click()
  await expect(page).toHaveURL(TAKE)
  await expect(page.getByRole('heading', {level: 2, name: 'Question 1'})).toBeVisible()
}

const navigator = (page: Page) => page.getByRole('toolbar', {name: 'Question navigator'})
const navButton = (page: Page, n: number) =>
  navigator(page)
    .getByRole('button')
    .nth(n - 1)
const clock = (page: Page) => page.getByTestId('exam-clock')
const storedResults = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('examResults') ?? 'null'))

/** "34:59" → 2099 */
function clockSeconds(text: string): number {
  const parts = text.trim().split(':').map(Number)
  return parts.reduce((total, part) => total * 60 + part, 0)
}

test('the instructions show the exam and gate Start behind the agreement; practice mode is offered', async ({page}) => {
  await page.goto(START)
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Maritime Safety Basics')
  await expect(page.getByText(/essentials of safety at sea/)).toBeVisible()
  const facts: Array<[string, string]> = [
    ['Category', 'Safety'],
    ['Duration', '45 minutes'],
    ['Total points', '100'],
    ['Questions', '8'],
  ]
  for (const [label, value] of facts) {
    await expect(page.locator('dl div', {has: page.locator('dt', {hasText: label})}).locator('dd')).toHaveText(value)
  }
  await expect(page.getByRole('heading', {name: 'One question at a time'})).toBeVisible()
  await expect(page.getByRole('heading', {name: 'Answers are saved automatically'})).toBeVisible()
  await expect(page.getByRole('heading', {name: 'A 45-minute timer'})).toBeVisible()
  await expect(page.getByRole('heading', {name: 'Submit when you are ready'})).toBeVisible()

  await expect(page.getByRole('radio', {name: 'Timed (45 minutes)'})).toBeChecked()
  await expect(page.getByRole('radio', {name: 'Practice without a time limit'})).not.toBeChecked()
  const start = page.getByRole('button', {name: 'Start Exam'})
  await expect(start).toBeDisabled()
  await expectAccessible(page)
  const agree = page.getByRole('checkbox', {name: /I have read the instructions/})
  await agree.check()
  await expect(start).toBeEnabled()
  await agree.uncheck()
  await expect(start).toBeDisabled()

  await page.getByRole('link', {name: 'Back to Exams'}).click()
  await expect(page).toHaveURL('/exams')
})

test('unknown exams redirect to /exams from start and take', async ({page}) => {
  await page.goto('/exam/no-such-exam/start')
  await expect(page).toHaveURL('/exams')
  await page.goto('/exam/no-such-exam/take')
  await expect(page).toHaveURL('/exams')
})

test('the navigator, progress text and bar follow the answers; flags show in the navigator', async ({page}) => {
  await startExam(page)
  await expect(page.getByText('Question 1 of 8')).toBeVisible()
  await expect(page.getByTestId('progress-text')).toHaveText('0 of 8 answered')
  await expect(navigator(page).getByRole('button')).toHaveCount(8)
  await expect(navigator(page).getByRole('button')).toHaveText(['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7', 'Q8'])
  await expect(navButton(page, 1)).toHaveAttribute('aria-current', 'step')
  await expect(navButton(page, 1)).toHaveAccessibleName('Q1, not answered')
  await expect(page.getByTestId('question-points')).toHaveText('10 points')

  // Q1: single choice, radios in a fieldset whose legend is the question.
  const q1 = page.getByRole('group', {name: /minimum safety standards/})
  await expect(q1.getByRole('radio')).toHaveCount(4)
  await q1.getByRole('radio', {name: 'SOLAS'}).check()
  await expect(page.getByTestId('progress-text')).toHaveText('1 of 8 answered')
  const bar = page.getByRole('progressbar', {name: 'Questions answered'})
  await expect(bar).toHaveAttribute('aria-valuenow', '1')
  await expect(bar).toHaveAttribute('aria-valuemax', '8')
  await expect(page.getByTestId('progress-fill')).toHaveAttribute('style', /width: 12.5%/)
  await expect(navButton(page, 1)).toHaveAccessibleName('Q1, answered')
  await expect(navButton(page, 1)).toHaveClass(/bg-green-700/)

  await page.getByRole('button', {name: 'Flag for review'}).click()
  await expect(page.getByRole('button', {name: 'Flag for review'})).toHaveAttribute('aria-pressed', 'true')
  await expect(navButton(page, 1)).toHaveAccessibleName('Q1, answered, flagged')

  // Q3 from the navigator: multiple choice checkboxes.
  await navButton(page, 3).click()
  await expect(page.getByText('Question 3 of 8')).toBeVisible()
  await expect(navButton(page, 3)).toHaveAttribute('aria-current', 'step')
  await expect(navButton(page, 1)).not.toHaveAttribute('aria-current', /.*/)
  await expect(page.getByRole('heading', {level: 2, name: 'Question 3'})).toBeFocused()
  await expect(page.getByRole('button', {name: 'Flag for review'})).toHaveAttribute('aria-pressed', 'false')
  const q3 = page.getByRole('group', {name: /STCW basic training/})
  await expect(q3.getByRole('checkbox')).toHaveCount(5)
  await q3.getByRole('checkbox', {name: 'Elementary first aid'}).check()
  await q3.getByRole('checkbox', {name: 'Personal survival techniques'}).check()
  await expect(page.getByTestId('progress-text')).toHaveText('2 of 8 answered')
  await q3.getByRole('checkbox', {name: 'Elementary first aid'}).uncheck()
  await q3.getByRole('checkbox', {name: 'Personal survival techniques'}).uncheck()
  await expect(page.getByTestId('progress-text')).toHaveText('1 of 8 answered')
  await expect(navButton(page, 3)).toHaveAccessibleName('Q3, not answered')

  // Text and textarea inputs with the spec's placeholders.
  await navButton(page, 5).click()
  const text = page.getByRole('textbox', {name: /distress call/})
  await expect(text).toHaveAttribute('placeholder', 'Enter your answer...')
  await text.fill('Mayday')
  await navButton(page, 7).click()
  const area = page.getByRole('textbox', {name: /fire triangle/})
  await expect(area).toHaveAttribute('placeholder', 'Enter your detailed answer...')
  await expect(area).toHaveAttribute('rows', '6')
  await expect(page.getByTestId('question-points')).toHaveText('15 points')
  await area.fill('Heat, fuel and oxygen; remove one to put the fire out.')
  await expect(page.getByTestId('progress-text')).toHaveText('3 of 8 answered')
  await expect(bar).toHaveAttribute('aria-valuenow', '3')
  await expect(page.getByTestId('progress-fill')).toHaveAttribute('style', /width: 37.5%/)
  await expectAccessible(page)
})

test('Previous is disabled on the first question and Next on the last', async ({page}) => {
  await startExam(page)
  const previous = page.getByRole('button', {name: 'Previous'})
  const next = page.getByRole('button', {name: 'Next'})
  await expect(previous).toBeDisabled()
  await expect(next).toBeEnabled()
  for (let n = 2; n <= 8; n++) {
    await next.click()
    await expect(page.getByText(`Question ${n} of 8`)).toBeVisible()
  }
  await expect(next).toBeDisabled()
  await expect(previous).toBeEnabled()
  await previous.click()
  await expect(page.getByText('Question 7 of 8')).toBeVisible()
  await expect(next).toBeEnabled()
})

test('the submit dialog has the exact texts, lists unanswered and flagged questions, and Continue Exam closes it', async ({page}) => {
  await startExam(page)
  await page.getByRole('radio', {name: 'SOLAS'}).check()
  await page.getByRole('button', {name: 'Next'}).click()
  await page.getByRole('button', {name: 'Flag for review'}).click()

  await page.getByRole('button', {name: 'Submit Exam'}).click()
  const dialog = page.getByRole('dialog', {name: 'Submit Exam?'})
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', {name: 'Submit Exam?'})).toHaveText('Submit Exam?')
  await expect(dialog.getByText(/^You have answered/)).toHaveText('You have answered 1 out of 8 questions. Once submitted, you cannot make any changes.')
  await expect(dialog.getByRole('list', {name: /Unanswered/}).getByRole('button')).toHaveText([2, 3, 4, 5, 6, 7, 8].map((n) => `Question ${n}`))
  await expect(dialog.getByRole('list', {name: /Flagged/}).getByRole('button')).toHaveText(['Question 2'])
  await expect(dialog.getByRole('button', {name: 'Continue Exam', exact: true})).toBeFocused()
  await expect(dialog.getByRole('button', {name: 'Submit', exact: true})).toBeVisible()
  await expectAccessible(page)

  await dialog.getByRole('button', {name: 'Continue Exam'}).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(TAKE)
  await expect(page.getByRole('button', {name: 'Submit Exam'})).toBeFocused()

  // Escape closes it too; a listed question opens that question.
  await page.getByRole('button', {name: 'Submit Exam'}).click()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('button', {name: 'Submit Exam'}).click()
  await dialog
    .getByRole('list', {name: /Unanswered/})
    .getByRole('button', {name: 'Question 6'})
    .click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Question 6 of 8')).toBeVisible()
  await expect(page.getByRole('heading', {level: 2, name: 'Question 6'})).toBeFocused()
  expect(await storedResults(page)).toBeNull()
})

test('Submit stores the result under examResults and opens the results', async ({page}) => {
  await page.clock.install({time: T0})
  await startExam(page)
  await page.getByRole('radio', {name: 'SOLAS'}).check()
  await navButton(page, 6).click()
  await page.getByRole('textbox').fill('MARPOL')
  await page.clock.fastForward('03:20')
  await page.getByRole('button', {name: 'Submit Exam'}).click()
  await page.getByRole('dialog').getByRole('button', {name: 'Submit', exact: true}).click()
  await expect(page).toHaveURL(RESULTS)
  const results = await storedResults(page)
  expect(results[EXAM]).toEqual({
    examId: EXAM,
    answers: [
      {questionId: 'q1', answer: 'SOLAS'},
      {questionId: 'q6', answer: 'MARPOL'},
    ],
    timeSpent: expect.any(Number),
    submittedAt: expect.stringMatching(/^2025-03-03T09:03:2\d\.\d{3}Z$/),
    // The signed draw the server issued: the drawn variants, one per slot (the first ones here: pinFirstVariants).
    draw: expect.objectContaining({examId: EXAM, mode: 'timed', variants: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'], signature: expect.any(String)}),
  })
  expect(results[EXAM].timeSpent).toBeGreaterThanOrEqual(200)
  expect(results[EXAM].timeSpent).toBeLessThan(215)
  // The attempt is removed once the server has accepted the answers.
  await expect(page.getByTestId('results-summary')).toBeVisible()
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), `examAttempt:${EXAM}`)).toBeNull()
})

test('a reload keeps the answers, the flags, the current question and the deadline', async ({page}) => {
  await page.clock.install({time: T0})
  await startExam(page)
  // The installed clock still runs in real time: on a busy machine a second may pass before this check.
  await expect(clock(page)).toHaveText(/^(45:00|44:5\d)$/)
  await page.getByRole('radio', {name: 'SOLAS'}).check()
  await navButton(page, 5).click()
  await page.getByRole('textbox').fill('Mayday')
  await page.getByRole('button', {name: 'Flag for review'}).click()
  await page.clock.fastForward('10:00')
  const before = clockSeconds(await clock(page).innerText())
  expect(before).toBeGreaterThan(34 * 60 + 50)
  expect(before).toBeLessThanOrEqual(35 * 60)

  await page.reload()
  await expect(page.getByText('Question 5 of 8')).toBeVisible()
  await expect(page.getByRole('textbox')).toHaveValue('Mayday')
  await expect(page.getByRole('button', {name: 'Flag for review'})).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('progress-text')).toHaveText('2 of 8 answered')
  await expect(navButton(page, 1)).toHaveAccessibleName('Q1, answered')
  await expect(navButton(page, 5)).toHaveAccessibleName('Q5, answered, flagged')
  // The countdown continues from the same deadline: about 35 minutes left, not 45.
  await expect(clock(page)).toHaveText(/^3[45]:\d\d$/)
  const after = clockSeconds(await clock(page).innerText())
  expect(after).toBeLessThanOrEqual(before)
  expect(after).toBeGreaterThan(34 * 60 + 30)
  await navButton(page, 1).click()
  await expect(page.getByRole('radio', {name: 'SOLAS'})).toBeChecked()
})

test('the clock reaching zero submits the answers given and opens the results', async ({page}) => {
  await page.clock.install({time: T0})
  await startExam(page)
  await page.getByRole('radio', {name: 'SOLAS'}).check()
  await page.clock.fastForward('44:00')
  await expect(page).toHaveURL(TAKE)
  await expect(clock(page)).toHaveText(/^[01]:\d\d$/)
  await page.clock.fastForward('01:05')
  await expect(page).toHaveURL(RESULTS)
  const results = await storedResults(page)
  expect(results[EXAM]).toMatchObject({examId: EXAM, answers: [{questionId: 'q1', answer: 'SOLAS'}], timeSpent: 45 * 60})
  await expect(page.getByTestId('results-summary')).toBeVisible()
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), `examAttempt:${EXAM}`)).toBeNull()
})

test('an attempt whose deadline passed while away is submitted on return', async ({page}) => {
  await page.clock.install({time: T0})
  await startExam(page)
  await navButton(page, 5).click()
  await page.getByRole('textbox').fill('Mayday')
  await page.goto('/exams')
  await page.clock.fastForward('50:00')
  await page.goto(START)
  await expect(page.getByRole('heading', {name: 'You have an unfinished attempt'})).toBeVisible()
  await expect(page.getByText(/time has run out/)).toBeVisible()
  await page.goto(TAKE)
  await expect(page).toHaveURL(RESULTS)
  const results = await storedResults(page)
  expect(results[EXAM]).toMatchObject({answers: [{questionId: 'q5', answer: 'Mayday'}], timeSpent: 45 * 60})
})

test('the clock turns red under 5 minutes and screen readers hear only the 10, 5 and 1 minute warnings', async ({page}) => {
  await page.clock.install({time: T0})
  await startExam(page)
  const warning = page.getByTestId('time-warning')
  await expect(warning).toHaveAttribute('aria-live', 'assertive')
  await expect(warning).toHaveText('')
  await page.clock.fastForward('34:00')
  await expect(clock(page)).toHaveText(/^1[01]:\d\d$/)
  await expect(warning).toHaveText('')
  await page.clock.fastForward('01:00')
  await expect(warning).toHaveText('10 minutes remaining.')
  await expect(page.locator('[data-warning]')).toHaveAttribute('data-warning', 'false')
  await page.clock.runFor(3000)
  await expect(warning).toHaveText('10 minutes remaining.')
  await page.clock.fastForward('05:00')
  await expect(warning).toHaveText('5 minutes remaining.')
  await expect(page.locator('[data-warning]')).toHaveAttribute('data-warning', 'true')
  await expect(page.locator('[data-warning]')).toHaveClass(/bg-red-700/)
  await page.clock.fastForward('04:00')
  await expect(warning).toHaveText('1 minute remaining.')
  await expect(page).toHaveURL(TAKE)
})

test('practice mode has no countdown and never submits by itself', async ({page}) => {
  await page.clock.install({time: T0})
  await startExam(page, {practice: true})
  await expect(clock(page)).toHaveText('Untimed')
  await page.getByRole('radio', {name: 'SOLAS'}).check()
  await page.clock.fastForward('02:00:00')
  await page.clock.runFor(2000)
  await expect(page).toHaveURL(TAKE)
  await page.reload()
  await expect(clock(page)).toHaveText('Untimed')
  await expect(page.getByRole('radio', {name: 'SOLAS'})).toBeChecked()
})

test('the instructions offer to resume an unfinished attempt; starting again replaces it', async ({page}) => {
  await startExam(page)
  await page.getByRole('radio', {name: 'SOLAS'}).check()
  await page.goto(START)
  await expect(page.getByRole('heading', {name: 'You have an unfinished attempt'})).toBeVisible()
  await expect(page.getByText(/1 question answered/)).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', {name: 'Resume attempt'}).click()
  await expect(page).toHaveURL(TAKE)
  await expect(page.getByRole('radio', {name: 'SOLAS'})).toBeChecked()

  await page.goto(START)
  await page.getByLabel(/I have read the instructions/).check()
  await page.getByRole('button', {name: 'Start Exam'}).click()
  await expect(page).toHaveURL(TAKE)
  await expect(page.getByTestId('progress-text')).toHaveText('0 of 8 answered')
  await expect(page.getByRole('radio', {name: 'SOLAS'})).not.toBeChecked()
})

test('a direct visit to the take page starts a timed attempt', async ({page}) => {
  await page.clock.install({time: T0})
  await page.goto(TAKE)
  await expect(page.getByText('Question 1 of 8')).toBeVisible()
  await expect(clock(page)).toHaveText(/^(45:00|44:5\d)$/)
  const attempt = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'), `examAttempt:${EXAM}`)
  expect(attempt).toMatchObject({examId: EXAM, mode: 'timed', current: 0})
  expect(attempt.deadline - attempt.startedAt).toBe(45 * 60_000)
  await expectAccessible(page)
})

test('the take page never receives a correct answer', async ({page}) => {
  for (const exam of seedExams()) {
    const html = await (await page.request.get(`/exam/${exam.examId.current}/take`)).text()
    expect(html).toContain(allVariants(exam)[0]!.question.slice(0, 40))
    expect(html).not.toContain('correctAnswer')
    expect(html).not.toContain('explanation')
    for (const question of allVariants(exam)) {
      if (question.type !== 'text' && question.type !== 'textarea') continue
      expect(question.correctAnswer, question.questionId).toBeTruthy()
      expect(html.toLowerCase(), `${exam.examId.current} ${question.questionId}`).not.toContain(question.correctAnswer!.toLowerCase())
    }
  }
  // Nor does the client-side data request of the route.
  const response = await page.request.get(`/exam/${EXAM}/take.data`)
  expect(response.status()).toBe(200)
  const data = await response.text()
  expect(data).toContain('distress call')
  expect(data).not.toContain('correctAnswer')
  expect(data).not.toContain('MARPOL')
})

test('on a 390px screen the navigator folds away and Submit stays at hand', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844})
  await startExam(page)
  const toggle = page.getByRole('button', {name: 'Questions'})
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(navigator(page)).toBeHidden()
  await expect(page.getByRole('button', {name: 'Submit Exam'})).toBeVisible()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(navigator(page)).toBeVisible()
  await navButton(page, 8).click()
  await expect(page.getByText('Question 8 of 8')).toBeVisible()
  await expect(page.getByRole('heading', {level: 2, name: 'Question 8'})).toBeInViewport()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBe(0)
  await expectAccessible(page)
})

test('the whole exam can be done with the keyboard alone', async ({page}) => {
  // Every question answered with keys and Tab: the longest walk of the exam specs.
  test.slow()
  await page.goto(START)
  // Instructions: the agreement checkbox, then Start (both reached with Tab only).
  const agree = page.getByRole('checkbox', {name: /I have read the instructions/})
  for (let i = 0; i < 60 && !(await agree.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(agree).toBeFocused()
  await page.keyboard.press('Space')
  await expect(agree).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', {name: 'Start Exam'})).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(TAKE)
  const heading = (n: number) => page.getByRole('heading', {level: 2, name: `Question ${n}`})
  await expect(heading(1)).toBeFocused()

  /** From the question heading: Tab past the flag toggle into the answer. */
  const intoAnswer = async () => {
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', {name: 'Flag for review'})).toBeFocused()
    await page.keyboard.press('Tab')
  }
  /** From the last answer control: Tab to Next (past a disabled Previous or an enabled one) and press it. */
  const next = async (n: number) => {
    const button = page.getByRole('button', {name: 'Next'})
    for (let i = 0; i < 3 && !(await button.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(button).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(heading(n)).toBeFocused()
  }

  // Q1 single choice: Tab into the radio group (STCW, the first option, takes focus); Space selects it, the arrows move on.
  await intoAnswer()
  await expect(page.getByRole('radio', {name: 'STCW'})).toBeFocused()
  await page.keyboard.press('Space')
  await expect(page.getByRole('radio', {name: 'STCW'})).toBeChecked()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', {name: 'SOLAS'})).toBeChecked()
  await next(2)

  // Q2: the arrow keys move the choice within the radio group.
  await intoAnswer()
  await page.keyboard.press('Space')
  await expect(page.getByRole('radio', {name: 'One prolonged blast'})).toBeChecked()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', {name: /Two long blasts/})).toBeChecked()
  await page.keyboard.press('ArrowUp')
  await expect(page.getByRole('radio', {name: /Seven or more short blasts/})).toBeChecked()
  await next(3)

  // Q3 multiple choice: Tab between the checkboxes, Space ticks; also flag it with Space.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', {name: 'Flag for review'})).toHaveAttribute('aria-pressed', 'true')
  // Past the first option (Bridge resource management), then tick the other four.
  await page.keyboard.press('Tab')
  for (let option = 0; option < 4; option++) {
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
  }
  await expect(page.getByRole('checkbox', {checked: true})).toHaveCount(4)
  await next(4)

  await intoAnswer()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', {name: 'Water jet'})).toBeChecked()
  await next(5)

  for (const [n, answer] of [
    [5, 'Mayday'],
    [6, 'MARPOL'],
    [7, 'Remove heat, fuel or oxygen'],
    [8, 'Shout man overboard, throw a lifebuoy, keep watching'],
  ] as const) {
    await intoAnswer()
    await page.keyboard.type(answer)
    await expect(page.getByRole('textbox')).toHaveValue(answer)
    if (n < 8) await next(n + 1)
  }
  await expect(page.getByRole('button', {name: 'Next'})).toBeDisabled()

  // The navigator: Shift+Tab back past the flag toggle to Submit Exam and the navigator's tab stop (Q8).
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('button', {name: 'Flag for review'})).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('button', {name: 'Submit Exam'})).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(navButton(page, 8)).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(navButton(page, 3)).toBeFocused()
  await expect(page.getByText('Question 8 of 8')).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(heading(3)).toBeFocused()
  await expect(page.getByTestId('progress-text')).toHaveText('8 of 8 answered')

  // Submit: Shift+Tab to Submit Exam, Enter; the dialog starts on Continue Exam; Tab to Submit, Enter.
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('button', {name: 'Submit Exam'})).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', {name: 'Submit Exam?'})
  await expect(dialog).toContainText('You have answered 8 out of 8 questions.')
  await expect(dialog.getByRole('list', {name: /Flagged/})).toContainText('Question 3')
  await expect(dialog.getByRole('button', {name: 'Continue Exam'})).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', {name: 'Submit', exact: true})).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(RESULTS)
  const results = await storedResults(page)
  expect(results[EXAM].answers).toEqual([
    {questionId: 'q1', answer: 'SOLAS'},
    {questionId: 'q2', answer: 'Seven or more short blasts followed by one long blast'},
    {
      questionId: 'q3',
      answer: ['Personal survival techniques', 'Fire prevention and fire fighting', 'Elementary first aid', 'Personal safety and social responsibilities'],
    },
    {questionId: 'q4', answer: 'Water jet'},
    {questionId: 'q5', answer: 'Mayday'},
    {questionId: 'q6', answer: 'MARPOL'},
    {questionId: 'q7', answer: 'Remove heat, fuel or oxygen'},
    {questionId: 'q8', answer: 'Shout man overboard, throw a lifebuoy, keep watching'},
  ])
})

test('two tabs of the same attempt stay in step, and submitting in one ends it in the other', async ({page, context}) => {
  await startExam(page)
  const other = await context.newPage()
  await other.goto(TAKE)
  await expect(other.getByText('Question 1 of 8')).toBeVisible()
  await page.getByRole('radio', {name: 'SOLAS'}).check()
  await expect(other.getByRole('radio', {name: 'SOLAS'})).toBeChecked()
  await expect(other.getByTestId('progress-text')).toHaveText('1 of 8 answered')
  await page.getByRole('button', {name: 'Submit Exam'}).click()
  await page.getByRole('dialog').getByRole('button', {name: 'Submit', exact: true}).click()
  await expect(page).toHaveURL(RESULTS)
  await expect(other).toHaveURL(RESULTS)
})
