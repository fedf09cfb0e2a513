/**
 * /admin/backups (docs/requirements.md#req-backup-status) against a mocked GET/POST
 * /api/admin/backups (page.route) that follows schemas/contracts/backup.ts: the last backup, the
 * archives' table, "Back up now" by keyboard (202 → running → asked again until finished; 409 →
 * already running), the loading error; axe at 1280 and 390 px, 390 px without sideways
 * scrolling. And the red banner of every admin page from the REAL GET /api/admin/me, once the
 * `run` key of the `backup-state` store says the last backup failed (axe at both widths).
 */
import type {Page, Route} from '@playwright/test'
import type {BackupStatus} from '#schemas/contracts/backup'
import {loginThroughApi, MOCK_TOKEN, seedToken} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'

const STATUS: BackupStatus = {
  last: {at: '2026-11-27T02:00:00.000Z', bytes: 52_428_800, durationMs: 83_000, result: 'succeeded', name: 'backup-2026-11-27T020000Z.tar.gz.enc'},
  archives: [
    {name: 'backup-2026-11-27T020000Z.tar.gz.enc', at: '2026-11-27T02:00:00.000Z', bytes: 52_428_800},
    {name: 'backup-2026-11-26T020000Z.tar.gz.enc', at: '2026-11-26T02:00:00.000Z', bytes: 51_380_224},
  ],
  running: false,
  lastSucceededAt: '2026-11-27T02:00:00.000Z',
  warning: null,
}

const FINISHED: BackupStatus = {
  ...STATUS,
  last: {at: '2026-11-27T10:00:00.000Z', bytes: 53_477_376, durationMs: 4200, result: 'succeeded', name: 'backup-2026-11-27T100000Z.tar.gz.enc'},
  archives: [{name: 'backup-2026-11-27T100000Z.tar.gz.enc', at: '2026-11-27T10:00:00.000Z', bytes: 53_477_376}, ...STATUS.archives],
  lastSucceededAt: '2026-11-27T10:00:00.000Z',
}

/** Mocks the backups API: `answers` are the GETs in turn (the last one repeats); POST answers `post`. */
async function mockApi(page: Page, {answers = [STATUS], post = 202, getStatus = 200}: {answers?: BackupStatus[]; post?: number; getStatus?: number} = {}) {
  const calls: string[] = []
  let gets = 0
  await page.route('**/api/admin/**', async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    if (url.pathname === '/api/admin/enquiries') return route.fulfill({json: []})
    if (url.pathname === '/api/admin/me') return route.fulfill({status: 404, json: {error: 'Not found'}})
    calls.push(`${request.method()} ${url.pathname}`)
    if (request.headers()['authorization'] !== `Bearer ${MOCK_TOKEN}`) return route.fulfill({status: 401, json: {error: 'Invalid or expired token'}})
    if (url.pathname !== '/api/admin/backups') return route.fulfill({status: 404, json: {error: 'Not found'}})
    if (request.method() === 'POST') {
      return post === 202
        ? route.fulfill({status: 202, json: {started: true, at: '2026-11-27T10:00:00.000Z'}})
        : route.fulfill({status: post, json: {error: post === 409 ? 'A backup is already running' : 'Nope'}})
    }
    if (getStatus !== 200) return route.fulfill({status: getStatus, json: {error: 'Nope'}})
    const answer = answers[Math.min(gets, answers.length - 1)]!
    gets++
    return route.fulfill({json: answer})
  })
  return calls
}

const archives = (page: Page) => page.getByRole('region', {name: 'Archives kept, newest first'})

test('the last backup and the archives; Back up now by keyboard runs until finished (axe at 1280 px)', async ({page}) => {
  const calls = await mockApi(page, {answers: [STATUS, {...STATUS, running: true}, FINISHED]})
  await seedToken(page)
  await page.goto('/admin/backups')
  await expect(page.getByRole('heading', {name: 'Backups', level: 1})).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(page.getByRole('navigation', {name: 'Administration'}).getByRole('link', {name: 'Backups'})).toHaveAttribute('aria-current', 'page')
  const last = page.getByRole('region', {name: 'Last backup'})
  await expect(last).toContainText('Time2026-11-27 02:00 UTC')
  await expect(last).toContainText('Size50.0 MB')
  await expect(last).toContainText('Duration1 min 23 s')
  await expect(last).toContainText('ResultSucceeded')
  await expect(archives(page).locator('thead th')).toHaveText(['Archive', 'Made (UTC)', 'Size'])
  await expect(archives(page).locator('tbody tr')).toHaveText([
    /backup-2026-11-27T020000Z\.tar\.gz\.enc\s*2026-11-27 02:00 UTC\s*50\.0 MB/,
    /backup-2026-11-26T020000Z\.tar\.gz\.enc\s*2026-11-26 02:00 UTC\s*49\.0 MB/,
  ])
  await expectAccessible(page)

  const button = page.getByRole('button', {name: 'Back up now'})
  await button.focus()
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('A backup is running…')).toBeVisible()
  await expect(button).toHaveAttribute('aria-disabled', 'true')
  await expectAccessible(page)
  await expect(page.getByText('The backup has finished. Result: Succeeded.')).toBeVisible({timeout: 15_000})
  await expect(archives(page).locator('tbody tr')).toHaveCount(3)
  await expect(last).toContainText('Duration4.2 s')
  await expect(button).toHaveAttribute('aria-disabled', 'false')
  expect(calls.filter((call) => call === 'POST /api/admin/backups')).toHaveLength(1)
  expect(calls.filter((call) => call === 'GET /api/admin/backups').length).toBeGreaterThanOrEqual(3)
})

test('409: a backup already running is shown and followed; a failed last backup; 390 px (axe)', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844})
  const failed: BackupStatus = {
    ...STATUS,
    last: {at: '2026-11-28T02:00:00.000Z', bytes: 0, durationMs: 1200, result: 'failed', error: 'The target could not be reached'},
  }
  await mockApi(page, {answers: [failed, {...failed, running: true}, STATUS], post: 409})
  await seedToken(page)
  await page.goto('/admin/backups')
  const last = page.getByRole('region', {name: 'Last backup'})
  await expect(last).toContainText('ResultFailed')
  await expect(last).toContainText('The target could not be reached')
  await expect(last).toContainText('Last successful backup: 2026-11-27 02:00 UTC')
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await expectAccessible(page)

  await page.getByRole('button', {name: 'Back up now'}).click()
  await expect(page.getByText('A backup is already running: this page follows it.')).toBeVisible()
  await expect(page.getByText('The backup has finished. Result: Succeeded.')).toBeVisible({timeout: 15_000})
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await expectAccessible(page)
})

test('the loading error', async ({page}) => {
  await mockApi(page, {getStatus: 500})
  await seedToken(page)
  await page.goto('/admin/backups')
  await expect(page.getByRole('heading', {name: 'Error loading the backups'})).toBeVisible()
  await expect(page.getByText('Failed to load the backups')).toBeVisible()
})

test('a failed backup shows the red banner on every admin page, from GET /api/admin/me (axe at 1280 and 390 px)', async ({page, request}) => {
  // The site's real answer of /api/admin/me for this session, with the warning a failed backup
  // gives (schemas/rules/backup-health.ts): the stored backup state is shared by every test running
  // at once, so it is not changed here (tests/integration/backup-warning-me.test.ts checks that /me reads it).
  const token = await loginThroughApi(request)
  const real = await request.get('/api/admin/me', {headers: {Authorization: `Bearer ${token}`}})
  expect(real.status()).toBe(200)
  const me = (await real.json()) as Record<string, unknown>
  const warning = 'The last backup failed (2026-11-27 02:00 UTC): The target could not be reached.'
  let failed = true
  await page.route('**/api/admin/me', (route) => route.fulfill({json: {...me, backupWarning: failed ? warning : null}, headers: {'cache-control': 'no-store'}}))

  await seedToken(page, token)
  for (const path of ['/adminEnrollments', '/admin/audit', '/admin/account']) {
    await page.goto(path)
    await expect(page.getByRole('alert').filter({hasText: warning})).toBeVisible()
  }
  await expectAccessible(page)
  await page.setViewportSize({width: 390, height: 844})
  await expect(page.getByRole('alert').filter({hasText: warning})).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await expectAccessible(page)

  failed = false
  await page.reload()
  await expect(page.getByRole('heading', {name: 'My account', level: 1})).toBeVisible()
  await expect(page.getByText(warning)).toHaveCount(0)
})
