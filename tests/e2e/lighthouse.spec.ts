/**
 * The deterministic performance budgets (docs/performance.md), checked on home, a category page and the
 * payment form against the built site that playwright.config.ts starts:
 * - Lighthouse (mobile, default configuration) accessibility, best practices and SEO = 100;
 * - at most 100 KB of JavaScript on the content pages, 110 KB on /payment (gzip -9 of every
 *   script the page loads, tests/helpers/lighthouse.ts).
 * The performance score depends on the machine's load: it lives in `npm run bench`, never here.
 *
 * Lighthouse drives its own headless Chromium, so these tests use Playwright's runner only (not
 * the `page` fixture, nor the off-origin check of ./fixtures.ts, which watch Playwright's browser).
 */
import {expect, test} from '@playwright/test'
import {
  describeAudits,
  failingAudits,
  JS_BUDGET_GZIP_BYTES,
  launchChromium,
  pageAssets,
  PAYMENT_JS_BUDGET_GZIP_BYTES,
  runLighthouse,
  type Chromium,
} from '../helpers/lighthouse'

/**
 * Audits allowed to fail for now because the work that fixes them is on another branch (robots.txt,
 * sitemap, canonical URLs, JSON-LD). Empty it as that work lands; an entry that passes is
 * reported as an annotation on the test. Currently none fails on these pages.
 */
const PENDING_SEO_AUDITS: readonly string[] = []

const CHECKED_CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const
/** Each page with its JavaScript budget (gzip bytes). */
const PAGES = [
  {path: '/', jsBudget: JS_BUDGET_GZIP_BYTES},
  {path: '/courses/stcw-courses', jsBudget: JS_BUDGET_GZIP_BYTES},
  {path: '/payment', jsBudget: PAYMENT_JS_BUDGET_GZIP_BYTES},
]

// One worker, one Chromium, the pages in turn; a Lighthouse run takes about 10 s.
test.describe.configure({mode: 'default', timeout: 120_000})

let chromium: Chromium | undefined
test.beforeAll(async () => {
  chromium = await launchChromium()
})
test.afterAll(() => {
  chromium?.kill()
})

for (const {path, jsBudget} of PAGES) {
  test(`${path}: Lighthouse accessibility, best practices, SEO = 100 and JavaScript ≤ ${jsBudget / 1000} KB gzip`, async ({baseURL}) => {
    const lhr = await runLighthouse(chromium!, new URL(path, baseURL).href, CHECKED_CATEGORIES)

    const failing = failingAudits(lhr, CHECKED_CATEGORIES)
    const unexpected = failing.filter((audit) => !PENDING_SEO_AUDITS.includes(audit.id))
    const nowPassing = PENDING_SEO_AUDITS.filter((id) => !failing.some((audit) => audit.id === id))
    if (nowPassing.length) {
      test.info().annotations.push({type: 'pending audits passing', description: `${nowPassing.join(', ')}: remove from PENDING_SEO_AUDITS`})
    }
    expect.soft(unexpected, `failing Lighthouse audits on ${path}:\n${describeAudits(unexpected)}`).toEqual([])

    const {js} = await pageAssets(lhr)
    expect(js.files.length, `no scripts recorded on ${path}`).toBeGreaterThan(0)
    const files = js.files.map((file) => `${file.url}: ${file.gzip} B`).join('\n')
    expect(js.gzip, `JavaScript on ${path}, gzip -9 bytes (budget ${jsBudget}):\n${files}`).toBeLessThanOrEqual(jsBudget)
  })
}
