/**
 * The staff pages against the built site and its API (docs/requirements.md#req-staff-accounts):
 * the environment's owner (who signs in with the password alone outside production while it has
 * no second factor) invites a person on /admin/staff; the invite link is read from the outbox
 * the e-mail was written to; in a fresh browser the invitee chooses a password, sets up the
 * authenticator with a code computed from the key shown, sees the recovery codes and lands signed
 * in; on /admin/account they add a passkey with Chromium's virtual authenticator. A made-up reset
 * link shows the 410 state. axe at 1280 and 390 px on each page.
 */
import type {Page} from '@playwright/test'
import {Secret, TOTP} from 'otpauth'
import {loginThroughApi, seedToken, uniqueTag} from './admin-session'
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

/** The invite link of the e-mail to `email`, from the outbox the site wrote it to. */
async function inviteLinkFor(email: string): Promise<string> {
  const outbox = siteStore('outbox')
  let path: string | null = null
  await expect
    .poll(async () => {
      const {blobs} = await outbox.list({prefix: 'message/staff-invite/'})
      for (const {key} of blobs) {
        const message = (await outbox.get(key, {type: 'json'})) as {to?: string[]; text?: string} | null
        if (message?.to?.includes(email)) path = /\/admin\/invite\/[A-Za-z0-9_-]{43}/.exec(message.text ?? '')?.[0] ?? null
      }
      return path
    })
    .not.toBeNull()
  return path!
}

test('an owner invites a person, who sets up their account and adds a passkey', async ({page, browser, baseURL, request}) => {
  test.setTimeout(120_000)
  const tag = uniqueTag('staff')
  const email = `${tag}@example.com`
  const name = `Rhea ${tag}`

  // The owner's staff page.
  await seedToken(page, await loginThroughApi(request))
  await page.goto('/admin/staff')
  await expect(page.getByRole('heading', {level: 1, name: 'Staff'})).toBeVisible()
  await expect(page.getByRole('region', {name: 'Staff accounts'})).toContainText('Owner account (environment)')
  await accessibleAtBothWidths(page)

  await page.getByRole('button', {name: 'Invite', exact: true}).click()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Name', {exact: true}).fill(name)
  await page.getByLabel('Role', {exact: true}).selectOption('registrar')
  await page.getByRole('button', {name: 'Send invitation'}).click()
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible()
  const row = page.getByRole('row').filter({hasText: email})
  await expect(row).toContainText('Registrar')
  await expect(row).toContainText('Invited — link expires')
  await expect(row).toContainText('Never')
  await accessibleAtBothWidths(page)

  // The invitee, in a browser of their own.
  const invitePath = await inviteLinkFor(email)
  const context = await browser.newContext({baseURL})
  const invitee = await context.newPage()
  await invitee.goto(invitePath)
  await expect(invitee.getByRole('heading', {level: 1, name: `Welcome, ${name}`})).toBeVisible()
  await expect(invitee.getByText(`${email}, role Registrar`)).toBeVisible()
  await accessibleAtBothWidths(invitee)

  await invitee.getByLabel('New password').fill('violet tugboat anchors nightly')
  await invitee.getByRole('button', {name: 'Continue'}).click()
  await expect(invitee.getByRole('heading', {level: 2, name: 'Set up your authenticator app'})).toBeFocused()
  await expect(invitee.getByRole('img', {name: 'QR code for your authenticator app'})).toBeVisible()
  const secret = (await invitee.locator('dd').first().textContent())!.replace(/\s+/g, '')
  await accessibleAtBothWidths(invitee)
  await invitee.getByLabel('6-digit code').fill(new TOTP({secret: Secret.fromBase32(secret)}).generate())
  await invitee.getByRole('button', {name: 'Finish'}).click()
  const codes = invitee.getByRole('list', {name: 'Recovery codes'}).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  await expect(invitee.getByText('Keep these codes somewhere safe. Each works once, and they are shown only now.')).toBeVisible()
  await accessibleAtBothWidths(invitee)
  await invitee.getByRole('button', {name: 'I have saved them'}).click()
  await expect(invitee).toHaveURL(/\/adminEnrollments$/)
  await expect(invitee.getByRole('navigation', {name: 'Administration'}).getByRole('link', {name: 'My account'})).toBeVisible()

  // Their account page; a passkey from Chromium's virtual authenticator.
  await invitee.getByRole('navigation', {name: 'Administration'}).getByRole('link', {name: 'My account'}).click()
  await expect(invitee.getByRole('heading', {level: 1, name: 'My account'})).toBeVisible()
  const authenticator = invitee.getByRole('region', {name: 'Authenticator app'})
  await expect(authenticator).toContainText('Set up: sign-in asks for a code')
  await expect(invitee.getByRole('region', {name: 'Recovery codes'})).toContainText('10 codes left')
  await expect(invitee.getByRole('region', {name: 'Your sessions'})).toContainText('This session')
  await accessibleAtBothWidths(invitee)

  const cdp = await context.newCDPSession(invitee)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true},
  })
  const passkeys = invitee.getByRole('region', {name: 'Passkeys'})
  await passkeys.getByLabel('Passkey name').fill('E2E laptop')
  await passkeys.getByRole('button', {name: 'Add a passkey'}).click()
  await expect(passkeys.getByText('Passkey added.')).toBeVisible()
  await expect(passkeys.getByRole('listitem').filter({hasText: 'E2E laptop'})).toBeVisible()
  await accessibleAtBothWidths(invitee)

  // Signed out, they sign in again with the password and the passkey.
  await invitee.getByRole('navigation', {name: 'Administration'}).getByRole('button', {name: 'Logout'}).click()
  await invitee.goto('/login')
  await invitee.getByLabel('Email').fill(email)
  await invitee.getByLabel('Password').fill('violet tugboat anchors nightly')
  await invitee.getByRole('button', {name: 'Sign In'}).click()
  await expect(invitee.getByRole('heading', {name: 'Two-step verification'})).toBeVisible()
  await invitee.getByRole('button', {name: 'Use a passkey'}).click()
  await expect(invitee.getByRole('navigation', {name: 'Administration'}).getByRole('link', {name: 'My account'})).toBeVisible()
  await context.close()

  // The owner's list now shows the person's factors and sign-in.
  await page.getByRole('button', {name: 'Refresh'}).click()
  await expect(row).toContainText('Authenticator, 1 passkey, 10 recovery codes')
  await expect(row).toContainText('Active')
})

test('a used or made-up reset link says so and offers a new one', async ({page}) => {
  await page.goto(`/admin/reset/${'x'.repeat(43)}`)
  await expect(page.getByRole('heading', {level: 1, name: 'Choose a new password'})).toBeVisible()
  await accessibleAtBothWidths(page)
  await page.getByLabel('New password').fill('violet tugboat anchors nightly')
  await page.getByRole('button', {name: 'Change password'}).click()
  await expect(page.getByRole('alert')).toHaveText('This password reset link has expired or was already used. Ask for a new one from the sign-in page.')
  await expect(page.getByRole('link', {name: 'Ask for a new link'})).toHaveAttribute('href', '/login')
  await accessibleAtBothWidths(page)
})

test('the link pages are never cached or indexed', async ({request}) => {
  for (const path of [`/admin/invite/${'x'.repeat(43)}`, `/admin/reset/${'x'.repeat(43)}`]) {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toContain('no-store')
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow')
    const html = await response.text()
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/)
    expect(html).toMatch(/<meta name="referrer" content="no-referrer"/)
    // No password field before the page is hydrated (it could submit natively).
    expect(html).not.toContain('type="password"')
  }
})
