/**
 * Staff sign-in with a second factor, against the built site and its real API: an owner invites a
 * counsellor (the invite e-mail read from the outbox in the site's Blobs), the invite is accepted
 * through its API with a code computed from the authenticator secret, then the counsellor signs in
 * on /login with the password and "Authentication code" (axe at 1280 and 390 px on the second
 * step), sees no Payments page and no Refund button, and the API answers their refund 403.
 */
import type {APIRequestContext} from '@playwright/test'
import {Secret, TOTP} from 'otpauth'
import {createPsfOrder, loginThroughApi, seedToken, uniqueTag} from './admin-session'
import {siteStore} from './blobs'
import {expect, expectAccessible, test} from './fixtures'

const PASSWORD = 'Harbour-lantern-47-quay'
const totp = (secret: string, offsetSeconds = 0) => new TOTP({secret: Secret.fromBase32(secret)}).generate({timestamp: Date.now() + offsetSeconds * 1000})

/** The invite link's token from the newest `staff-invite` message to `email` in the outbox. */
async function inviteToken(email: string): Promise<string> {
  const outbox = siteStore('outbox')
  const {blobs} = await outbox.list({prefix: 'message/staff-invite/'})
  for (const {key} of blobs) {
    const record = (await outbox.get(key, {type: 'json'})) as {to: string[]; text: string} | null
    const match = record?.to.includes(email) ? /\/admin\/invite\/([A-Za-z0-9_-]{43})/.exec(record.text) : null
    if (match) return match[1]!
  }
  throw new Error(`no invite for ${email}`)
}

/** A counsellor invited by the owner and accepted (its authenticator set up a step ago, so the current code is new). */
async function counsellor(request: APIRequestContext) {
  const owner = await loginThroughApi(request)
  const email = `${uniqueTag('c')}@maritime.example`
  const invited = await request.post('/api/admin/staff', {
    data: {email, name: 'Meera Counsellor', role: 'counsellor'},
    headers: {Authorization: `Bearer ${owner}`},
  })
  expect(invited.status(), await invited.text()).toBe(201)
  const token = await inviteToken(email)
  const {secret} = (await (await request.post(`/api/admin/invite/${token}/totp`)).json()) as {secret: string}
  const accepted = await request.post(`/api/admin/invite/${token}`, {data: {password: PASSWORD, code: totp(secret, -30)}})
  expect(accepted.status(), await accepted.text()).toBe(200)
  return {email, secret, owner}
}

test('a counsellor signs in with an authentication code, sees no payments or refunds, and the API refuses a refund (axe 1280 and 390 px)', async ({
  page,
  request,
}) => {
  const person = await counsellor(request)
  const name = uniqueTag('Paid')
  const {orderId} = await createPsfOrder(request, `${name} Candidate`, `${name.toLowerCase()}@example.com`, 'paid')

  await page.goto('/login')
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', {name: 'Sign In'}).click()
  await expect(page.getByRole('heading', {name: 'Two-step verification'})).toBeVisible()
  const code = page.getByLabel('Authentication code')
  await expect(code).toBeFocused()
  await expectAccessible(page)
  await page.setViewportSize({width: 390, height: 844})
  await expectAccessible(page)
  await page.setViewportSize({width: 1280, height: 900})

  await code.fill('000000')
  await page.getByRole('button', {name: 'Verify'}).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid authentication code')
  await code.fill(totp(person.secret))
  await page.getByRole('button', {name: 'Verify'}).click()

  const nav = page.getByRole('navigation', {name: 'Administration'})
  await expect(nav.getByRole('link', {name: /Enquiries/})).toBeVisible()
  await expect(nav.getByRole('link', {name: 'Payments'})).toHaveCount(0)
  await expect(nav.getByRole('link', {name: 'Staff'})).toHaveCount(0)
  await expect(page.getByText('Total Revenue')).toHaveCount(0)

  await page.getByLabel('Search enrolments').fill(name)
  await page.getByRole('button', {name: `View ${name} Candidate`}).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Your role does not open candidates’ documents.')).toBeVisible()
  await expect(dialog.getByRole('heading', {name: 'Refunds', exact: true})).toHaveCount(0)
  await expect(dialog.getByRole('button', {name: /Refund/})).toHaveCount(0)

  const token = await page.evaluate(() => localStorage.getItem('authToken'))
  const refund = await request.post(`/api/admin/enrollments/${orderId}/refunds`, {
    data: {amount: 1000, reason: 'duplicate-payment'},
    headers: {Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID()},
  })
  expect([refund.status(), await refund.json()]).toEqual([403, {error: 'You do not have access to this'}])
})

test('the owner ends a person’s sessions: their next request signs them out', async ({page, request}) => {
  const person = await counsellor(request)
  const login = await request.post('/api/admin', {data: {email: person.email, password: PASSWORD}})
  const {challenge} = (await login.json()) as {challenge: string}
  const signedIn = await request.post('/api/admin/second-factor', {data: {challenge, code: totp(person.secret)}})
  const {authToken} = (await signedIn.json()) as {authToken: string}
  await seedToken(page, authToken)
  await page.goto('/admin/enquiries')
  await expect(page.getByRole('heading', {name: 'Enquiries', level: 1})).toBeVisible()
  const me = (await (await request.get('/api/admin/me', {headers: {Authorization: `Bearer ${authToken}`}})).json()) as {id: string}
  const ended = await request.post(`/api/admin/staff/${me.id}/sessions/end`, {headers: {Authorization: `Bearer ${person.owner}`}})
  // Two: the session the accepted invite opened, and this sign-in's.
  expect(await ended.json()).toEqual({ended: 2})
  await page.getByRole('link', {name: 'Enrolments'}).click()
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
})

test('Forgot password? answers alike for any address', async ({page}) => {
  await page.goto('/login')
  await page.getByRole('button', {name: 'Forgot password?'}).click()
  await page.getByLabel('Email').fill('nobody@maritime.example')
  await page.getByRole('button', {name: 'Send reset link'}).click()
  await expect(page.getByRole('status')).toHaveText('If this address has a staff account, a reset link is on its way. It works once, for 30 minutes.')
  await expectAccessible(page)
  await page.getByRole('button', {name: 'Back to sign in'}).click()
  await expect(page.getByRole('button', {name: 'Sign In'})).toBeVisible()
})

test('the owner reads the audit log: filtered by action, paged on the server (axe 1280 and 390 px)', async ({page, request}) => {
  const person = await counsellor(request)
  await seedToken(page, person.owner)
  await page.goto('/admin/audit')
  await expect(page.getByRole('heading', {name: 'Audit log', level: 1})).toBeVisible()
  await expect(page.getByRole('cell', {name: person.email}).first()).toBeVisible()
  await page.getByLabel('Action').selectOption({label: 'Signed in'})
  await page.getByLabel('Person').fill('admin@example.com')
  await page.getByRole('button', {name: 'Apply'}).click()
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible()
  await expect(page.getByRole('cell', {name: person.email})).toHaveCount(0)
  await expectAccessible(page)
  await page.setViewportSize({width: 390, height: 844})
  await expectAccessible(page)
})
