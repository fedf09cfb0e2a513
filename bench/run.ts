/**
 * Page bench (not a test; never part of `npm test`): builds the site, serves it as `npm start`
 * does (web/server.ts, embedded defaults) and measures, for the pages below:
 * - server requests/s and p50/p99 latency under a fixed concurrency (autocannon), side by side
 *   with a bare static server sending the very same HTML bytes in the same run (bench/static-html.ts);
 *   the ratio site/static is the figure to compare between runs on a noisy machine;
 * - the gzip -9 size of the JavaScript and CSS each page loads (tests/helpers/lighthouse.ts);
 * - Lighthouse mobile scores (default configuration: simulated Slow 4G and 4x CPU; the median of
 *   `--runs` runs, default 3) with LCP, TBT and CLS, the image bytes and any video request of that run (the home hero's
 *   video must never be fetched on a phone). Lighthouse audits the site through an HTTP/2 + TLS
 *   front (bench/http2-front.ts), the transport of the deployed site, since its simulation models
 *   HTTP/1.1 and HTTP/2 connections differently; the LCP pages are also audited over the local
 *   server's plain HTTP/1.1 and that LCP is recorded beside it (`lcpMsHttp1`, no budget;
 *   docs/decisions/012-lcp-budget-font-and-http2-bench.md);
 * - before Lighthouse, one phone visit per page so the local image endpoint has cached every
 *   rendition (as Sanity's CDN would have);
 * - the image bytes of `/` at a 390 px wide phone viewport (DPR 2, Playwright's Chromium), scrolled
 *   to the bottom so every lazy image loads (≤ 200 KB);
 * then checks the budgets of docs/performance.md, writes bench/results/YYYY-MM-DD.json (UTC date;
 * a second run on one day replaces the file) and prints a short table. It never fails on a budget.
 *   npm run bench [-- --connections 10 --duration 10 --runs 3 --no-build --page /payment]
 * `--page PATH` (repeatable) measures only those of the pages below; such a partial run writes its
 * results to bench/tmp/results-YYYY-MM-DD.json, never over the day's full results.
 * Ports: the site on the first free port from 8950 (its Blobs emulation on that port + 1000),
 * the static baseline on the next free one.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:net'
import {cpus, loadavg} from 'node:os'
import {gzipSync} from 'node:zlib'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import autocannon, {type Result as LoadResult} from 'autocannon'
import {computeMedianRun} from 'lighthouse/core/lib/median-run.js'
import type {Result as LighthouseResult} from 'lighthouse'
import {
  categoryScores,
  failingAudits,
  JS_BUDGET_GZIP_BYTES,
  PAYMENT_JS_BUDGET_GZIP_BYTES,
  launchChromium,
  pageAssets,
  runLighthouse,
  type AssetSummary,
  type CategoryId,
  type FailingAudit,
} from '../tests/helpers/lighthouse'
import {startHttp2Front} from './http2-front'
import type {CapturedPage} from './static-html'

/**
 * `load`: measured with autocannon; `jsBudget`: the page's JavaScript budget in gzip bytes (the
 * content pages' 100 KB, the payment form's 110 KB; none for the exam take page); `lcpBudget`:
 * LCP ≤ LCP_BUDGET_MS applies.
 */
const ALL_PAGES: ReadonlyArray<{path: string; load: boolean; jsBudget?: number; lcpBudget: boolean}> = [
  {path: '/', load: true, jsBudget: JS_BUDGET_GZIP_BYTES, lcpBudget: true},
  {path: '/about', load: false, jsBudget: JS_BUDGET_GZIP_BYTES, lcpBudget: true},
  {path: '/courses/stcw-courses', load: true, jsBudget: JS_BUDGET_GZIP_BYTES, lcpBudget: true},
  {path: '/exam/maritime-safety-basics/take', load: true, lcpBudget: false},
  {path: '/payment', load: false, jsBudget: PAYMENT_JS_BUDGET_GZIP_BYTES, lcpBudget: true},
]
const PORTS = {first: 8950, last: 8960, blobsOffset: 1000}
/** A phone browser, so the site streams as it does for people (bots get the whole page at once). */
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36'
const REQUEST_HEADERS = {'user-agent': USER_AGENT, accept: 'text/html'}
const WARMUP_REQUESTS = 100
/** Lighthouse audits behind the image, font and caching budgets (performance category diagnostics). */
const ASSET_AUDITS = [
  'unsized-images',
  'uses-responsive-images',
  'offscreen-images',
  'lcp-lazy-loaded',
  'modern-image-formats',
  'font-display',
  'uses-long-cache-ttl',
]
const BUDGETS = {performance: 98, accessibility: 100, 'best-practices': 100, seo: 100} as const satisfies Record<CategoryId, number>
/** Lighthouse's simulated LCP budget, in ms (pages with `lcpBudget`; docs/performance.md). */
const LCP_BUDGET_MS = 2000
/** The image-bearing pages, also audited over HTTP/1.1 for the record (`lcpMsHttp1`). */
const LCP_PAGES = ['/', '/about', '/courses/stcw-courses']
/** Image bytes of `/` on a 390 px phone, every lazy image loaded (bytes, KB = 1,000). */
const PHONE_IMAGE_BUDGET_BYTES = 200_000
const PHONE = {width: 390, height: 844, deviceScaleFactor: 2}
/** A request for a video file: the seed's mp4/webm or any file asset (Sanity's /files/ path). */
const VIDEO_REQUEST = /\.(mp4|webm|mov|m4v)(\?|$)|\/files\//

const {values: options} = parseArgs({
  options: {
    connections: {type: 'string', default: '10'},
    duration: {type: 'string', default: '10'},
    'no-build': {type: 'boolean', default: false},
    runs: {type: 'string', default: '3'},
    page: {type: 'string', multiple: true},
  },
})
const unknownPages = (options.page ?? []).filter((path) => !ALL_PAGES.some((page) => page.path === path))
if (unknownPages.length) throw new Error(`--page ${unknownPages.join(', ')}: not one of ${ALL_PAGES.map((page) => page.path).join(', ')}`)
/** The pages measured: all, or those named with --page (a partial run). */
const PAGES = options.page?.length ? ALL_PAGES.filter((page) => options.page!.includes(page.path)) : ALL_PAGES
const PARTIAL = PAGES.length < ALL_PAGES.length
const CONNECTIONS = Number(options.connections)
const DURATION_S = Number(options.duration)
/** Lighthouse runs per page and transport; the median run is kept (see `medianLighthouse`). */
const LIGHTHOUSE_RUNS = Math.max(1, Number(options.runs))

const root = fileURLToPath(new URL('..', import.meta.url))
const tmpDir = `${root}bench/tmp`
const resultsDir = `${root}bench/results`
const tsx = `${root}node_modules/.bin/tsx`
const startedAt = new Date()
const children: ChildProcess[] = []

function log(message: string) {
  console.error(`[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(3)} s] ${message}`)
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, () => probe.close(() => resolve(true)))
  })
}

async function freePort(from: number, withBlobs: boolean): Promise<number> {
  for (let port = from; port <= PORTS.last; port++) {
    if ((await portFree(port)) && (!withBlobs || (await portFree(port + PORTS.blobsOffset)))) return port
  }
  throw new Error(`no free port in ${from}-${PORTS.last}`)
}

/** Starts a child process, keeping its output for the error message if it dies early. */
function start(args: string[], env: NodeJS.ProcessEnv): {child: ChildProcess; output: () => string} {
  const child = spawn(tsx, args, {cwd: root, env, stdio: ['ignore', 'pipe', 'pipe']})
  children.push(child)
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
  return {child, output: () => output}
}

async function waitForOk(url: string, started: {child: ChildProcess; output: () => string}) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`${url}: server exited\n${started.output()}`)
    try {
      if ((await fetch(url, {headers: REQUEST_HEADERS})).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url}: not ready after 60 s\n${started.output()}`)
}

async function stopAll() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
          child.once('exit', () => {
            clearTimeout(timer)
            resolve()
          })
          child.kill('SIGTERM')
        }),
    ),
  )
}

function gitInfo() {
  const git = (...args: string[]) => spawnSync('git', args, {cwd: root, encoding: 'utf8'}).stdout.trim()
  return {commit: git('rev-parse', '--short', 'HEAD'), dirty: git('status', '--porcelain', '--untracked-files=no') !== ''}
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(`${root}node_modules/${name}/package.json`, 'utf8')) as {version: string}).version
}

type Load = {requestsPerSec: number; p50Ms: number; p99Ms: number; requests: number; errors: number; timeouts: number; non2xx: number}

async function load(url: string): Promise<Load> {
  const result: LoadResult = await autocannon({url, connections: CONNECTIONS, duration: DURATION_S, headers: REQUEST_HEADERS})
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  }
}

type Budget = {page: string; budget: string; limit: string; value: string; ok: boolean}

type PageResult = {
  path: string
  html: {bytes: number; gzip: number}
  load?: {site: Load; static: Load; ratio: number}
  js: AssetSummary
  css: AssetSummary
  lighthouse: {
    scores: Partial<Record<CategoryId, number>>
    lcpMs: number
    /** LCP of a performance-only run over the local server's HTTP/1.1 (LCP pages only; no budget). */
    lcpMsHttp1?: number
    tbtMs: number
    cls: number
    failing: FailingAudit[]
    /** ASSET_AUDITS: score (null when not applicable) and Lighthouse's summary. */
    assetAudits: Record<string, {score: number | null; displayValue?: string}>
    /** Bytes on the wire of the images the Lighthouse run loaded (no scrolling: above the fold). */
    imageTransferBytes: number
    /** URLs of video requests in the Lighthouse run (none allowed). */
    videoRequests: string[]
    /** Requests of the Lighthouse run, the page itself included. */
    requestCount: number
  }
}

type PhoneImages = {viewport: typeof PHONE; initialBytes: number; totalBytes: number; files: Array<{url: string; bytes: number; type: string}>}

/**
 * Loads every page once as Lighthouse's phone does (412 × 823 CSS px, DPR 1.75, mobile) and
 * scrolled through, so the local image endpoint has made and cached each rendition the pages ask
 * for before anything is measured: in production Sanity's CDN serves renditions from its cache,
 * and Lighthouse's simulation counts the observed server time of every request, so a rendition
 * made on first request (AVIF encoding) would be measured as a slow CDN.
 */
async function warmImages(urls: string[]): Promise<void> {
  const {chromium} = await import('@playwright/test')
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'})
  try {
    const context = await browser.newContext({viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true})
    const page = await context.newPage()
    for (const url of urls) {
      await page.goto(url, {waitUntil: 'networkidle'})
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y)
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      })
      await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, {timeout: 60_000})
    }
  } finally {
    await browser.close()
  }
}

/**
 * The images `/` loads on a 390 px phone (PHONE), in Playwright's Chromium (Debian's, as the e2e
 * tests use): the response bodies' sizes once loaded, then after scrolling to the bottom.
 */
async function phoneImages(url: string): Promise<PhoneImages> {
  const {chromium} = await import('@playwright/test')
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'})
  try {
    const context = await browser.newContext({
      viewport: {width: PHONE.width, height: PHONE.height},
      deviceScaleFactor: PHONE.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const pending: Array<Promise<void>> = []
    const files: PhoneImages['files'] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image') return
      pending.push(
        response.body().then(
          (body) =>
            void files.push({
              url: new URL(response.url()).pathname + new URL(response.url()).search,
              bytes: body.length,
              type: response.headers()['content-type'] ?? '',
            }),
          () => undefined,
        ),
      )
    })
    await page.goto(url, {waitUntil: 'networkidle'})
    await Promise.all(pending)
    const initialBytes = files.reduce((sum, file) => sum + file.bytes, 0)
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })
    // Renditions are made on first request (slow on a busy machine): wait for every image.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, {timeout: 60_000})
    await page.waitForLoadState('networkidle')
    await Promise.all(pending)
    return {viewport: PHONE, initialBytes, totalBytes: files.reduce((sum, file) => sum + file.bytes, 0), files}
  } finally {
    await browser.close()
  }
}

/**
 * The median of `LIGHTHOUSE_RUNS` Lighthouse runs of `url`: the run closest to the median first
 * contentful paint and time to interactive, Lighthouse's own `computeMedianRun` (the method of
 * Lighthouse CI and of Lighthouse's "variability" guide). One run's performance score moves by a
 * few points with the machine's load (TBT uses the CPU time observed); the median run does less.
 */
async function medianLighthouse(chromium: Awaited<ReturnType<typeof launchChromium>>, url: string, categories?: CategoryId[]): Promise<LighthouseResult> {
  const runs: LighthouseResult[] = []
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(await runLighthouse(chromium, url, categories))
  return computeMedianRun(runs)
}

async function main() {
  mkdirSync(tmpDir, {recursive: true})
  mkdirSync(resultsDir, {recursive: true})
  const loadBefore = loadavg()

  if (!options['no-build']) {
    log('npm run build')
    const build = spawnSync('npm', ['run', 'build'], {cwd: root, encoding: 'utf8'})
    if (build.status !== 0) throw new Error(`npm run build failed\n${build.stdout}\n${build.stderr}`)
  }

  // The site, as `npm start` serves it, with the embedded defaults.
  if (existsSync(`${root}.env`)) log('warning: ./.env exists and web/server.ts reads it: the bench may not run on the embedded defaults')
  const sitePort = await freePort(PORTS.first, true)
  const blobsDir = `${tmpDir}/blobs-${startedAt.getTime()}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(sitePort),
    BLOBS_PORT: String(sitePort + PORTS.blobsOffset),
    BLOBS_DIR: blobsDir,
  }
  for (const name of Object.keys(env)) if (/^(SANITY_|RAZORPAY_|ADMIN_|SESSION_SECRET|SITE_URL|APP_ENV|CONTEXT$|NETLIFY)/.test(name)) delete env[name]
  const site = start(['web/server.ts'], env)
  const siteURL = `http://localhost:${sitePort}`
  await waitForOk(`${siteURL}/`, site)
  log(`site on ${siteURL}`)

  // The same bytes from a bare static server.
  const captured: Record<string, CapturedPage> = {}
  const html: Record<string, {bytes: number; gzip: number}> = {}
  for (const {path} of PAGES) {
    const response = await fetch(siteURL + path, {headers: REQUEST_HEADERS})
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`)
    const body = Buffer.from(await response.arrayBuffer())
    const headers = [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name))
    captured[path] = {status: response.status, headers, body: body.toString('base64')}
    html[path] = {bytes: body.length, gzip: gzipSync(body, {level: 9}).length}
  }
  const pagesFile = `${tmpDir}/static-pages.json`
  writeFileSync(pagesFile, JSON.stringify(captured))
  const staticPort = await freePort(sitePort + 1, false)
  const baseline = start(['bench/static-html.ts', String(staticPort), pagesFile], process.env)
  const staticURL = `http://localhost:${staticPort}`
  await waitForOk(staticURL + PAGES[0]!.path, baseline)
  log(`static baseline on ${staticURL}`)

  log(`warm-up: ${WARMUP_REQUESTS} requests per page and server`)
  for (const {path} of PAGES.filter((page) => page.load)) {
    for (const base of [siteURL, staticURL]) await autocannon({url: base + path, connections: CONNECTIONS, amount: WARMUP_REQUESTS, headers: REQUEST_HEADERS})
  }

  log('image renditions: one phone visit per page (the CDN cache a real deployment would have)')
  await warmImages(PAGES.map(({path}) => siteURL + path))

  // Lighthouse (and the assets each page loads, from its network records), one page at a time,
  // through the HTTP/2 + TLS front (the deployed transport); the LCP pages also over HTTP/1.1.
  const front = await startHttp2Front(siteURL)
  log(`HTTP/2 front on ${front.url}`)
  const lighthouse: Record<string, Pick<PageResult, 'js' | 'css' | 'lighthouse'>> = {}
  const chromium = await launchChromium(['--ignore-certificate-errors'])
  try {
    for (const {path} of PAGES) {
      log(`Lighthouse ${path}`)
      const lhr = await medianLighthouse(chromium, front.url + path)
      const {js, css} = await pageAssets(lhr, siteURL)
      let lcpMsHttp1: number | undefined
      if (LCP_PAGES.includes(path)) {
        log(`Lighthouse ${path} over HTTP/1.1 (performance only, for the record)`)
        const http1 = await medianLighthouse(chromium, siteURL + path, ['performance'])
        lcpMsHttp1 = Math.round(http1.audits['largest-contentful-paint']?.numericValue ?? NaN)
      }
      const requests =
        (lhr.audits['network-requests']?.details as {items?: Array<{url: string; resourceType?: string; transferSize?: number}>} | undefined)?.items ?? []
      lighthouse[path] = {
        js,
        css,
        lighthouse: {
          scores: categoryScores(lhr),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
          lcpMsHttp1,
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(4)),
          failing: failingAudits(lhr, ['accessibility', 'best-practices', 'seo']),
          assetAudits: Object.fromEntries(
            ASSET_AUDITS.map((id) => {
              const audit = lhr.audits[id]
              const score = !audit || audit.scoreDisplayMode === 'notApplicable' ? null : audit.score
              return [id, {score, displayValue: audit?.displayValue}]
            }),
          ),
          imageTransferBytes: requests.filter((item) => item.resourceType === 'Image').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
          videoRequests: requests.filter((item) => item.resourceType === 'Media' || VIDEO_REQUEST.test(item.url)).map((item) => item.url),
          requestCount: requests.length,
        },
      }
    }
  } finally {
    chromium.kill()
    await front.close()
  }

  // The home page's phone images (its own budget): only when `/` is measured.
  let phone: PhoneImages | undefined
  if (PAGES.some((page) => page.path === '/')) {
    log('images of / on a 390 px phone')
    phone = await phoneImages(`${siteURL}/`)
  }

  // Throughput: the site, then the static baseline, page by page.
  const loads: Record<string, PageResult['load']> = {}
  for (const {path} of PAGES.filter((page) => page.load)) {
    log(`autocannon ${path}: ${CONNECTIONS} connections, ${DURATION_S} s, site then static`)
    const siteLoad = await load(siteURL + path)
    const staticLoad = await load(staticURL + path)
    loads[path] = {site: siteLoad, static: staticLoad, ratio: Number((siteLoad.requestsPerSec / staticLoad.requestsPerSec).toPrecision(3))}
  }
  const loadAfter = loadavg()

  const pages: PageResult[] = PAGES.map(({path}) => ({path, html: html[path]!, load: loads[path], ...lighthouse[path]!}))
  const budgets = checkBudgets(pages, phone)
  const {commit, dirty} = gitInfo()
  const chromiumVersion = spawnSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {encoding: 'utf8'}).stdout.trim()
  const report = {
    date: startedAt.toISOString().slice(0, 10),
    pagesMeasured: PARTIAL ? PAGES.map((page) => page.path) : 'all',
    startedAt: startedAt.toISOString(),
    durationS: Math.round((Date.now() - startedAt.getTime()) / 1000),
    commit,
    dirty,
    machine: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      loadAvg1m: {before: loadBefore[0], after: loadAfter[0]},
    },
    versions: {lighthouse: packageVersion('lighthouse'), autocannon: packageVersion('autocannon'), chromium: chromiumVersion},
    method: {
      load: `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per page and server, after ${WARMUP_REQUESTS} warm-up requests; user-agent of a phone browser; no compression on either side`,
      staticBaseline: 'bench/static-html.ts: node:http answering with the HTML, status and headers captured from the site',
      assets: 'same-origin Script / Stylesheet requests in Lighthouse network records; each body gzipped at level 9 (node:zlib)',
      lighthouse: `default configuration: mobile form factor, simulated throttling (Slow 4G, 4x CPU); median of ${LIGHTHOUSE_RUNS} runs per page (computeMedianRun); through an HTTP/2 + TLS front (bench/http2-front.ts, self-signed); lcpMsHttp1: the same over plain HTTP/1.1`,
      phoneImages: `Playwright Chromium, ${PHONE.width}×${PHONE.height} at DPR ${PHONE.deviceScaleFactor}, mobile; image response bodies after load, then after scrolling to the bottom`,
    },
    pages,
    phoneImages: phone,
    budgets,
  }
  // A partial run (--page) never replaces the day's full results.
  const resultFile = PARTIAL ? `${tmpDir}/results-${report.date}.json` : `${resultsDir}/${report.date}.json`
  writeFileSync(resultFile, `${JSON.stringify(report, null, 2)}\n`)
  printTable(pages, budgets)
  console.log(
    `\n${report.machine.cpus} × ${report.machine.cpuModel}, load ${loadBefore[0]!.toFixed(2)} → ${loadAfter[0]!.toFixed(2)}; Node ${process.version}; ${chromiumVersion}; commit ${commit}${dirty ? ' (dirty)' : ''}`,
  )
  console.log(`Results: ${resultFile.slice(root.length)}`)
  rmSync(blobsDir, {recursive: true, force: true})
}

function checkBudgets(pages: PageResult[], phone: PhoneImages | undefined): Budget[] {
  const budgets: Budget[] = phone
    ? [
        {
          page: '/',
          budget: `image bytes at ${PHONE.width} px (DPR ${PHONE.deviceScaleFactor}), whole page`,
          limit: `≤ ${PHONE_IMAGE_BUDGET_BYTES / 1000} KB`,
          value: `${(phone.totalBytes / 1000).toFixed(1)} KB (${(phone.initialBytes / 1000).toFixed(1)} KB before scrolling)`,
          ok: phone.totalBytes <= PHONE_IMAGE_BUDGET_BYTES,
        },
      ]
    : []
  for (const page of pages) {
    const spec = ALL_PAGES.find((p) => p.path === page.path)
    if (spec?.lcpBudget) {
      budgets.push({
        page: page.path,
        budget: 'LCP (simulated)',
        limit: `≤ ${LCP_BUDGET_MS} ms`,
        value: `${page.lighthouse.lcpMs} ms`,
        ok: page.lighthouse.lcpMs <= LCP_BUDGET_MS,
      })
    }
    if (page.path === '/') {
      const videos = page.lighthouse.videoRequests
      budgets.push({
        page: page.path,
        budget: 'hero video not downloaded (Lighthouse mobile)',
        limit: 'no request',
        value: videos.length ? videos.join(' ') : 'none',
        ok: videos.length === 0,
      })
    }
    for (const [category, limit] of Object.entries(BUDGETS) as [CategoryId, number][]) {
      const score = page.lighthouse.scores[category] ?? NaN
      budgets.push({page: page.path, budget: `Lighthouse ${category}`, limit: limit === 100 ? '= 100' : `≥ ${limit}`, value: String(score), ok: score >= limit})
    }
    budgets.push({page: page.path, budget: 'CLS (no layout shift)', limit: '= 0', value: String(page.lighthouse.cls), ok: page.lighthouse.cls === 0})
    if (spec?.jsBudget !== undefined) {
      budgets.push({
        page: page.path,
        budget: 'JavaScript gzip',
        limit: `≤ ${spec.jsBudget} B`,
        value: `${page.js.gzip} B (${page.js.files.length} files)`,
        ok: page.js.gzip <= spec.jsBudget,
      })
    }
    const assetMisses = Object.entries(page.lighthouse.assetAudits).filter(([, audit]) => audit.score !== null && audit.score < 1)
    budgets.push({
      page: page.path,
      budget: 'images sized, responsive, lazy below the fold; fonts; cache TTL (Lighthouse)',
      limit: 'all pass',
      value: assetMisses.length
        ? `failing: ${assetMisses.map(([id, audit]) => `${id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`).join(', ')}`
        : 'all pass',
      ok: assetMisses.length === 0,
    })
    const mutable = [...page.js.files, ...page.css.files].filter((file) => file.url.startsWith('/assets/') && !/\bimmutable\b/.test(file.cacheControl ?? ''))
    budgets.push({
      page: page.path,
      budget: 'JS/CSS immutable-cached',
      limit: 'all',
      value: mutable.length ? `not: ${mutable.map((f) => f.url).join(' ')}` : 'all',
      ok: mutable.length === 0,
    })
  }
  return budgets
}

function printTable(pages: PageResult[], budgets: Budget[]) {
  const kb = (bytes: number) => (bytes / 1000).toFixed(1)
  const rows = [
    [
      'page',
      'site req/s',
      'static req/s',
      'ratio',
      'site p50/p99 ms',
      'static p50/p99 ms',
      'JS gz KB',
      'JS files',
      'requests',
      'CSS gz KB',
      'perf',
      'a11y',
      'BP',
      'SEO',
      'LCP ms',
      'LCP h1 ms',
      'TBT ms',
      'CLS',
    ],
    ...pages.map((page) => [
      page.path,
      page.load ? String(page.load.site.requestsPerSec) : '–',
      page.load ? String(page.load.static.requestsPerSec) : '–',
      page.load ? String(page.load.ratio) : '–',
      page.load ? `${page.load.site.p50Ms}/${page.load.site.p99Ms}` : '–',
      page.load ? `${page.load.static.p50Ms}/${page.load.static.p99Ms}` : '–',
      kb(page.js.gzip),
      String(page.js.files.length),
      String(page.lighthouse.requestCount),
      kb(page.css.gzip),
      ...(['performance', 'accessibility', 'best-practices', 'seo'] as const).map((id) => String(page.lighthouse.scores[id] ?? '?')),
      String(page.lighthouse.lcpMs),
      page.lighthouse.lcpMsHttp1 === undefined ? '–' : String(page.lighthouse.lcpMsHttp1),
      String(page.lighthouse.tbtMs),
      String(page.lighthouse.cls),
    ]),
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)))
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]!) : cell.padStart(widths[j]!))).join('  '))
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
  console.log(`\nImages: Lighthouse run (above the fold) ${pages.map((page) => `${page.path} ${kb(page.lighthouse.imageTransferBytes)} KB`).join(', ')}`)
  const missed = budgets.filter((b) => !b.ok)
  console.log(`\nBudgets: ${budgets.length - missed.length}/${budgets.length} kept${missed.length ? '; missed:' : ''}`)
  for (const b of missed) console.log(`  ${b.page}: ${b.budget} ${b.limit}, got ${b.value}`)
  for (const page of pages) {
    for (const audit of page.lighthouse.failing) console.log(`  ${page.path}: failing audit ${audit.category}/${audit.id}: ${audit.title}`)
  }
  const loadIssues = pages.filter((page) => page.load && (page.load.site.errors || page.load.site.non2xx || page.load.static.errors || page.load.static.non2xx))
  for (const page of loadIssues) console.log(`  ${page.path}: errors or non-2xx answers under load (see the JSON)`)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void stopAll().then(() => process.exit(130))
  })
}

try {
  await main()
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await stopAll()
}
