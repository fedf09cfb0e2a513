/** One whole attempt through the real pages: instructions → taking → submit → scored results. */
import {expect, expectAccessible, test} from './fixtures'

test('an exam started, answered in part and submitted shows its scored results', async ({page}) => {
  await page.goto('/exams')
  await page
    .getByRole('link', {name: /Start Exam/})
    .first()
    .click()
  await expect(page).toHaveURL(/\/exam\/maritime-safety-basics\/start$/)
  await page.getByRole('checkbox').check()
  await page.getByRole('button', {name: /^Start/}).click()
  await expect(page).toHaveURL(/\/exam\/maritime-safety-basics\/take$/)
  await expect(page.getByText('Question 1 of 8')).toBeVisible()
  await page.getByRole('button', {name: 'Submit Exam'}).first().click()
  const dialog = page.getByRole('dialog', {name: 'Submit Exam?'})
  await expect(dialog).toContainText('You have answered 0 out of 8 questions. Once submitted, you cannot make any changes.')
  await dialog.getByRole('button', {name: 'Submit', exact: true}).click()
  await expect(page).toHaveURL(/\/exam\/maritime-safety-basics\/results$/)
  await expect(page.getByRole('heading', {name: 'Exam Completed!'})).toBeVisible()
  await expect(page.getByText('No answer provided')).toHaveCount(8)
  await expect(page.getByText('0%').first()).toBeVisible()
  await expect(page.getByRole('link', {name: 'Retake Exam'})).toHaveAttribute('href', '/exam/maritime-safety-basics/start')
  await expectAccessible(page)
})
