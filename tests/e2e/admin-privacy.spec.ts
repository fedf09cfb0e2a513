/**
 * /admin/privacy against the built site and its API (docs/requirements.md#req-privacy): the owner
 * looks up a person who paid for a course (seeded through the sandbox), downloads the export (a
 * zip holding their enrolment), and erases them with a reason and the address typed again; the
 * stored enrolment then carries the pseudonym and keeps its receipt number. axe at 1280 and 390 px.
 */
import {readFileSync} from 'node:fs'
import type {Page} from '@playwright/test'
import {strFromU8, unzipSync} from 'fflate'
import {createPsfOrder, loginThroughApi, seedToken, uniqueTag} from './admin-session'
import {siteStore} from './blobs'
import {expect, expectAccessible, test} from './fixtures'

/** axe on the page as it is, at 1280 px and at 390 px (where nothing may scroll sideways). */
async function accessibleAtBothWidths(page: Page) {
  await page.setViewportSize({width: 1280, height: 900})
  await expectAccessible(page)
  await page.setViewportSize({width: 390, height: 844})
  await expectAccessible(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({width: 1280, height: 900})
}

test('the owner looks up a person, exports their data and erases it', async ({page, request}) => {
  test.setTimeout(120_000)
  const tag = uniqueTag('privacy')
  const email = `${tag}@example.com`
  const name = `Priya ${tag}`
  const {orderId} = await createPsfOrder(request, name, email, 'paid')

  await seedToken(page, await loginThroughApi(request))
  await page.goto('/admin/privacy')
  await expect(page.getByRole('heading', {level: 1, name: 'Privacy requests'})).toBeVisible()
  await accessibleAtBothWidths(page)

  // A bad address is refused beside its field; an unknown one by the server.
  await page.getByLabel('E-mail address').fill('not-an-address')
  await page.getByRole('button', {name: 'Look up', exact: true}).click()
  await expect(page.getByRole('alert')).toHaveText('Enter a valid e-mail address, like name@example.com')
  await page.getByLabel('E-mail address').fill(`nobody-${tag}@example.com`)
  await page.getByRole('button', {name: 'Look up', exact: true}).click()
  await expect(page.getByRole('alert')).toHaveText('No records name this e-mail address')

  // The person's records.
  await page.getByLabel('E-mail address').fill(email.toUpperCase())
  await page.getByRole('button', {name: 'Look up', exact: true}).press('Enter')
  await expect(page.getByRole('heading', {level: 2, name: `Records naming ${email}`})).toBeVisible()
  const counts = page.getByTestId('privacy-counts')
  await expect(counts.getByRole('definition').first()).toHaveText('1')
  await expect(page.getByRole('region', {name: 'Enrolments (1)'})).toContainText('Passenger Ship Familiarization · Paid')
  await accessibleAtBothWidths(page)

  // Export: a zip with their enrolment.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', {name: 'Export', exact: true}).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^personal-data-[0-9a-f]{12}-\d{4}-\d{2}-\d{2}\.zip$/)
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)))
  expect(JSON.parse(strFromU8(files['enrolments.json']!))).toMatchObject([{orderId, email, name}])
  await expect(page.getByText(`Downloaded ${download.suggestedFilename()}.`)).toBeVisible()

  // Erase: the reason and the confirmation are required.
  const erase = page.getByTestId('erase-form')
  await erase.getByRole('button', {name: 'Erase'}).click()
  await expect(erase.getByText('Give the reason for the erasure')).toBeVisible()
  await expect(erase.getByLabel('Reason')).toBeFocused()
  await erase.getByLabel('Reason').fill('Asked by e-mail on the day')
  await erase.getByLabel('Type the e-mail address again to confirm').fill('someone-else@example.com')
  await erase.getByRole('button', {name: 'Erase'}).click()
  await expect(erase.getByText('Type the e-mail address again to confirm: the two do not match')).toBeVisible()
  await erase.getByLabel('Type the e-mail address again to confirm').fill(email)
  await accessibleAtBothWidths(page)
  await erase.getByRole('button', {name: 'Erase'}).click()
  await expect(page.getByTestId('erase-result')).toContainText('Erased: Enrolments: 1')
  await expect(page.getByText('No record names this address any more.')).toBeVisible()
  await accessibleAtBothWidths(page)

  const stored = (await siteStore('enrolments').get(orderId, {type: 'json'})) as {name: string; email: string; receiptNumber?: string}
  expect(stored.name).toMatch(/^Erased person [0-9a-f]{6}$/)
  expect(stored.email).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/)
  expect(stored.receiptNumber).toMatch(/^[A-Z]+-\d{4}-\d{5}$/)
})
