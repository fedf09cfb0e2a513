/**
 * Previews on the built site with the embedded defaults (no Sanity project): the preview entry
 * refuses everything, and a visitor's page never loads the visual-editing overlay code (it is a
 * separate chunk, imported only in a validated preview session). The secret check, the cookie
 * and the drafts switch are covered against msw in tests/integration/preview.test.ts.
 */
import {expect, test} from './fixtures'

test('the preview entry answers 404 when previews are not configured', async ({request}) => {
  const response = await request.get('/api/preview-mode/enable?sanity-preview-secret=anything&sanity-preview-pathname=/', {maxRedirects: 0})
  expect(response.status()).toBe(404)
  expect(await response.text()).toBe('Previews are not configured on this site.')
  expect(response.headers()['set-cookie']).toBeUndefined()
})

test('a forged preview cookie shows the published page, cacheable, with no overlays', async ({page, context, baseURL}) => {
  await context.addCookies([{name: '__sanity_preview', value: 'eyJzdHVkaW9PcmlnaW4iOiJodHRwczovL2V2aWwuZXhhbXBsZSJ9', url: baseURL!}])
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  const response = await page.goto('/courses/stcw-courses')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['netlify-cdn-cache-control']).toContain('durable')
  expect(response?.headers()['x-frame-options']).toBe('DENY')
  await expect(page.getByRole('heading', {level: 1})).toBeVisible()
  await expect(page.getByText('Preview: showing drafts')).toHaveCount(0)
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((url) => /VisualEditing|renderVisualEditing/.test(url))).toEqual([])
})
