/**
 * My training (docs/requirements.md#req-account): pay through the sandbox, ask for a sign-in link,
 * take it from the outbox, sign in, and download the receipt (its text checked with pdftotext);
 * a used link answers 410; sign out. axe at 1280 and 390 px.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {expect, expectAccessible, test} from './fixtures'
import {paidCadet, uniqueTag} from './admin-session'
import {signInLinkFor} from './account-session'

for (const viewport of [
  {width: 1280, height: 900},
  {width: 390, height: 844},
]) {
  test(`a candidate signs in by e-mailed link and downloads the receipt (${viewport.width} px)`, async ({page}) => {
    test.setTimeout(90_000)
    await page.setViewportSize(viewport)
    const name = `${uniqueTag('Portal')} Cruz`
    const email = `${uniqueTag('portal')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}@example.com`
    await paidCadet(page.request, name, email)

    await page.goto(`/account?email=${encodeURIComponent(email)}`)
    await expect(page.getByRole('heading', {level: 1, name: 'Sign in to My training'})).toBeVisible()
    await expect(page.getByLabel('E-mail address')).toHaveValue(email)
    await expectAccessible(page)
    await page.getByRole('button', {name: 'Send me a sign-in link'}).click()
    await expect(page.getByRole('status')).toHaveText('Your sign-in link is on its way. Check your e-mail: the link works once, for 15 minutes.')

    const link = await signInLinkFor(page, email)
    await page.goto(link)
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole('heading', {level: 1, name: 'My training'})).toBeVisible()
    const card = page.getByRole('article', {name: 'Deck Cadet'})
    await expect(card).toContainText('Paid — we will contact you')
    await expectAccessible(page)

    const download = page.waitForEvent('download')
    await card.getByRole('link', {name: /^Download Receipt MTC-\d{4}-\d{5}/}).click()
    const file = await download
    const dir = mkdtempSync(join(tmpdir(), 'receipt-'))
    const pdf = join(dir, 'receipt.pdf')
    await file.saveAs(pdf)
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], {encoding: 'utf8'})
    expect(text).toContain(name)
    expect(text).toMatch(/MTC-\d{4}-\d{5}/)

    // The link worked once.
    await page.goto(link)
    await expect(page.getByRole('heading', {level: 1, name: 'This link has expired or was already used'})).toBeVisible()
    await expect(page.getByRole('button', {name: 'Get a new sign-in link'})).toBeVisible()

    await page.goto('/account')
    await page.getByRole('button', {name: 'Sign out', exact: true}).click()
    await expect(page.getByRole('heading', {level: 1, name: 'Sign in to My training'})).toBeVisible()
    writeFileSync(join(dir, 'done'), '')
  })
}
