/**
 * Lighthouse against the locally served site, shared by the page bench (bench/run.ts) and the
 * budget check in the end-to-end tests (tests/e2e/lighthouse.spec.ts).
 *
 * - `launchChromium` starts Debian's Chromium headless for Lighthouse (its own browser, not
 *   Playwright's), through chrome-launcher, which Lighthouse itself depends on.
 * - `runLighthouse` runs Lighthouse's default configuration: mobile form factor and simulated
 *   throttling (the page loads at full speed; Slow 4G and a 4x slower CPU are applied to the
 *   recorded trace afterwards), so categories other than performance do not depend on timing.
 * - `failingAudits` lists the scored audits below 1 in some categories, for actionable messages.
 * - `pageAssets` measures what JavaScript and CSS a page loaded, from Lighthouse's network
 *   records: every same-origin Script / Stylesheet request, its body fetched again and gzipped at
 *   level 9 with node:zlib. That figure is independent of whether the server compresses (the
 *   local server does not; Netlify's CDN does) and equal on every machine for a given build.
 */
import {gzipSync} from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, {type Flags, type Result} from 'lighthouse'

/** The JavaScript budget of a content page: gzip -9 bytes of the scripts it loads (100 KB). */
export const JS_BUDGET_GZIP_BYTES = 100_000

/**
 * The JavaScript budget of the payment form (/payment): 110 KB gzip. The framework and the page
 * frame are the content pages' (about 95 KB); the form, its prices and its dates get the rest. Its
 * check (zod, the schemas), the checkout calls and the parts shown on demand load when used, not
 * with the page (docs/performance.md).
 */
export const PAYMENT_JS_BUDGET_GZIP_BYTES = 110_000

/** The categories Lighthouse scores, by their ids. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type CategoryId = (typeof CATEGORIES)[number]

export type Chromium = chromeLauncher.LaunchedChrome

/**
 * Headless Chromium with a DevTools port for Lighthouse; call `.kill()` when done. `extraFlags`
 * are added to the defaults (the bench adds `--ignore-certificate-errors` for its HTTP/2 front).
 */
export function launchChromium(extraFlags: readonly string[] = []): Promise<Chromium> {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage', ...extraFlags],
    logLevel: 'silent',
  })
}

/** Runtime errors that say the page itself is broken: never retried. */
const PAGE_ERRORS = new Set(['ERRORED_DOCUMENT_REQUEST', 'FAILED_DOCUMENT_REQUEST', 'CHROME_INTERSTITIAL_ERROR', 'NOT_HTML', 'INVALID_URL'])

/**
 * One Lighthouse result for `url` in `chromium`. `categories` limits the run (the end-to-end check
 * leaves out performance, which depends on the machine's load); the `network-requests` audit is
 * always kept, for `pageAssets`. A run that fails for a reason of Lighthouse's own (a trace
 * without a navigation start, NO_NAVSTART, happens now and then on a busy machine) is run again,
 * up to `attempts` times; the audits themselves are never retried.
 */
export async function runLighthouse(chromium: Chromium, url: string, categories: readonly CategoryId[] = CATEGORIES, attempts = 3): Promise<Result> {
  const flags: Flags = {
    port: chromium.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...categories],
    onlyAudits: ['network-requests'],
  }
  let lastError = ''
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let result: Awaited<ReturnType<typeof lighthouse>>
    try {
      result = await lighthouse(url, flags)
    } catch (thrown) {
      lastError = thrown instanceof Error ? thrown.message : String(thrown)
      console.warn(`Lighthouse ${url}, attempt ${attempt}/${attempts}: ${lastError}`)
      continue
    }
    const error = result ? result.lhr.runtimeError : {code: 'NO_RESULT', message: 'Lighthouse returned no result'}
    if (result && !error) return result.lhr
    lastError = `${error!.code} ${error!.message}`
    if (PAGE_ERRORS.has(error!.code)) break
    console.warn(`Lighthouse ${url}, attempt ${attempt}/${attempts}: ${lastError}`)
  }
  throw new Error(`Lighthouse could not audit ${url}: ${lastError}`)
}

export type FailingAudit = {category: string; id: string; title: string; score: number | null; displayValue?: string}

/** Every audit that counts towards one of `categories` (weight > 0) and scored below 1. */
export function failingAudits(lhr: Result, categories: readonly string[]): FailingAudit[] {
  const failing: FailingAudit[] = []
  for (const categoryId of categories) {
    const category = lhr.categories[categoryId]
    if (!category) throw new Error(`Lighthouse result has no ${categoryId} category`)
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (!audit || ref.weight === 0) continue
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'informative') continue
      if (audit.score === null || audit.score < 1) {
        failing.push({category: categoryId, id: ref.id, title: audit.title, score: audit.score, displayValue: audit.displayValue})
      }
    }
  }
  return failing
}

/** One line per failing audit: `seo/robots-txt (0): robots.txt is not valid — 3 errors found`. */
export function describeAudits(audits: readonly FailingAudit[]): string {
  return audits.map((a) => `${a.category}/${a.id} (${a.score ?? 'error'}): ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`).join('\n')
}

/** The 0–100 score of each category present in the result. */
export function categoryScores(lhr: Result): Partial<Record<CategoryId, number>> {
  const scores: Partial<Record<CategoryId, number>> = {}
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score
    if (typeof score === 'number') scores[id] = Math.round(score * 100)
  }
  return scores
}

/** One file: its path, raw and gzip -9 bytes, bytes on the wire in the Lighthouse run, Cache-Control. */
export type Asset = {url: string; bytes: number; gzip: number; transferSize: number; cacheControl: string | null}
export type AssetSummary = {files: Asset[]; bytes: number; gzip: number}

type NetworkRequestItem = {url: string; resourceType?: string; transferSize?: number; statusCode?: number}

/**
 * The same-origin JavaScript and CSS files the page loaded in the Lighthouse run, each fetched
 * again and gzipped at level 9 (see the module comment). `fetchOrigin` fetches them from another
 * origin serving the same files (the bench audits through a self-signed HTTPS front that Node's
 * fetch refuses, and fetches from the site itself).
 */
export async function pageAssets(lhr: Result, fetchOrigin?: string): Promise<{js: AssetSummary; css: AssetSummary}> {
  const origin = new URL(lhr.finalDisplayedUrl).origin
  const details = lhr.audits['network-requests']?.details as {items?: NetworkRequestItem[]} | undefined
  if (!details?.items) throw new Error('Lighthouse result has no network-requests audit')
  const summary = async (resourceType: string): Promise<AssetSummary> => {
    const items = details.items!.filter((item) => item.resourceType === resourceType && new URL(item.url).origin === origin)
    const urls = [...new Set(items.map((item) => item.url))]
    const files = await Promise.all(
      urls.map(async (url) => {
        const source = fetchOrigin ? fetchOrigin + new URL(url).pathname + new URL(url).search : url
        const response = await fetch(source)
        if (!response.ok) throw new Error(`GET ${source}: ${response.status}`)
        const body = Buffer.from(await response.arrayBuffer())
        const transferSize = items.filter((item) => item.url === url).reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
        return {
          url: new URL(url).pathname,
          bytes: body.length,
          gzip: gzipSync(body, {level: 9}).length,
          transferSize,
          cacheControl: response.headers.get('cache-control'),
        }
      }),
    )
    return {files, bytes: files.reduce((sum, f) => sum + f.bytes, 0), gzip: files.reduce((sum, f) => sum + f.gzip, 0)}
  }
  return {js: await summary('Script'), css: await summary('Stylesheet')}
}
