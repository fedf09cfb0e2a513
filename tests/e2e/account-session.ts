/**
 * Signing in to My training from the tests: ask for a link through the API, take it from the
 * outbox the site under test wrote (the message "Your sign-in link" to that address), open it.
 */
import type {Page} from '@playwright/test'
import {expect} from './fixtures'
import {siteStore} from './blobs'

type StoredMessage = {kind: string; to: string[]; text: string; createdAt: string}

/** The newest sign-in link e-mailed to `email` since `since` (ISO 8601), or null. */
export async function latestSignInLink(email: string, since: string): Promise<string | null> {
  const store = siteStore('outbox')
  const {blobs} = await store.list({prefix: 'message/sign-in-link'})
  let newest: StoredMessage | null = null
  for (const {key} of blobs) {
    const message = (await store.get(key, {type: 'json'})) as StoredMessage | null
    if (!message || message.kind !== 'sign-in-link' || !message.to.includes(email) || message.createdAt < since) continue
    if (!newest || message.createdAt > newest.createdAt) newest = message
  }
  const url = newest ? /https?:\/\/\S+\/account\/sign-in\/[A-Za-z0-9_-]{43}/.exec(newest.text) : null
  return url ? url[0] : null
}

/** Asks for a link for `email` (POST /api/account/sign-in-link), waits for it in the outbox, and returns its path. */
export async function signInLinkFor(page: Page, email: string, next?: string): Promise<string> {
  const since = new Date(Date.now() - 1000).toISOString()
  const answer = await page.request.post('/api/account/sign-in-link', {data: {email, ...(next ? {next} : {})}})
  expect(answer.status(), await answer.text()).toBe(202)
  let link: string | null = null
  await expect.poll(async () => (link = await latestSignInLink(email, since)), {timeout: 15_000}).not.toBeNull()
  return new URL(link!).pathname
}

/** Signs `page` in to My training as `email` (which must have records) and lands on /account. */
export async function signInToAccount(page: Page, email: string): Promise<void> {
  await page.goto(await signInLinkFor(page, email))
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', {level: 1, name: 'My training'})).toBeVisible()
}
