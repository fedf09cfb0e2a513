/**
 * "Real Checkout under our headers" (docs/requirements.md#req-checkout-popups): with real
 * Razorpay keys, Razorpay Checkout opens popups on other origins (netbanking, wallets, 3-D Secure)
 * that report back to `window.opener`. Every page sends `Cross-Origin-Opener-Policy: same-origin`,
 * which severs that link; the checkout pages send `same-origin-allow-popups` instead.
 *
 * Proved offline, under the site's real headers: a second built site is started here with
 * (fake) Razorpay keys, so its pages carry the Razorpay CSP and the relaxed COOP; Razorpay's
 * checkout.js URL is answered by a local stand-in (Playwright's routing: the script's origin stays
 * https://checkout.razorpay.com, the only script origin the CSP allows); the stand-in opens a
 * popup on a third origin — a small local server on 127.0.0.2 — whose page posts a message to its
 * opener. On /payment the message arrives; on /contact (same-origin) the popup has no opener.
 * No request reaches the internet: create-order is never called.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {expect, test} from '@playwright/test'

const CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js'

/** The stand-in for checkout.js: `window.Razorpay`'s place, opening the popup at `popupURL` and recording what its popups post back. */
const standIn = (popupURL: string) => `
window.__checkoutMessages = [];
window.addEventListener('message', function (event) { window.__checkoutMessages.push({origin: event.origin, data: event.data}); });
window.__openCheckoutPopup = function () { return window.open(${JSON.stringify(popupURL)}, 'razorpay_popup', 'width=400,height=500') !== null; };
`

/** The popup's page (third origin): posts to its opener when it has one, and says which in its title. */
const POPUP_PAGE = `<!doctype html><html><head><title>popup</title></head><body><script>
if (window.opener) { window.opener.postMessage({status: 'authorised', from: 'bank'}, '*'); document.title = 'posted'; }
else { document.title = 'no opener'; }
</script></body></html>`

let site: ChildProcess | null = null
let siteURL = ''
let popupServer: Server | null = null
let popupURL = ''
let blobsDir = ''

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const {port} = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

test.describe.configure({mode: 'serial'})

test.beforeAll(async () => {
  test.setTimeout(90_000)
  // The third origin: the popup's page on 127.0.0.2 (another host than the site's localhost).
  popupServer = createServer((_, response) => {
    response.writeHead(200, {'content-type': 'text/html; charset=utf-8'})
    response.end(POPUP_PAGE)
  })
  await new Promise<void>((resolve) => popupServer!.listen(0, '127.0.0.2', resolve))
  popupURL = `http://127.0.0.2:${(popupServer.address() as AddressInfo).port}/3ds`

  // The site, built, served as `npm start` serves it, with Razorpay keys (never used: no order is made).
  const port = await freePort()
  blobsDir = mkdtempSync(join(tmpdir(), 'e2e-popups-blobs-'))
  const {BLOBS_PORT: _port, BLOBS_TOKEN: _token, ...inherited} = process.env
  site = spawn(process.execPath, ['--import', 'tsx', 'web/server.ts'], {
    env: {
      ...inherited,
      PORT: String(port),
      BLOBS_DIR: blobsDir,
      RAZORPAY_KEY_ID: 'rzp_test_PopupStandIn01',
      RAZORPAY_KEY_SECRET: 'popup-test-secret-not-real',
      RAZORPAY_WEBHOOK_SECRET: 'popup-test-webhook-secret',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  site.stderr!.on('data', (chunk) => (stderr += String(chunk)))
  siteURL = `http://localhost:${port}`
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${siteURL}/`)).ok) break
    } catch {
      // not listening yet
    }
    if (site.exitCode !== null || attempt > 600) throw new Error(`the site with Razorpay keys did not start: ${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
})

test.afterAll(async () => {
  site?.kill()
  await new Promise((resolve) => (popupServer ? popupServer.close(resolve) : resolve(null)))
  if (blobsDir) rmSync(blobsDir, {recursive: true, force: true})
})

/** Opens `path` of the keyed site with the stand-in answering checkout.js; resolves to the page's COOP header. */
async function openWithStandIn(page: import('@playwright/test').Page, path: string): Promise<string | null> {
  await page.route(CHECKOUT_JS, (route) => route.fulfill({status: 200, contentType: 'application/javascript', body: standIn(popupURL)}))
  const response = await page.goto(`${siteURL}${path}`)
  expect(response?.status()).toBe(200)
  // Loaded as the payment form loads it: a <script src> appended to the document, under the page's CSP.
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script')
        script.src = src
        script.onload = () => resolve()
        script.onerror = () => reject(new Error('checkout.js was blocked'))
        document.head.appendChild(script)
      }),
    CHECKOUT_JS,
  )
  return (await response!.allHeaders())['cross-origin-opener-policy'] ?? null
}

test("on /payment, Checkout's cross-origin popup reports back to the page (same-origin-allow-popups)", async ({page}) => {
  const coop = await openWithStandIn(page, '/payment?program=offshore-survival&course=BOSIET')
  expect(coop).toBe('same-origin-allow-popups')
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => (window as unknown as {__openCheckoutPopup(): boolean}).__openCheckoutPopup()),
  ])
  await expect(popup).toHaveTitle('posted')
  await expect
    .poll(() => page.evaluate(() => (window as unknown as {__checkoutMessages: {origin: string; data: unknown}[]}).__checkoutMessages))
    .toEqual([{origin: new URL(popupURL).origin, data: {status: 'authorised', from: 'bank'}}])
})

test('the CSP of the checkout page still names only Razorpay as a third party', async ({page}) => {
  const response = await page.goto(`${siteURL}/payment`)
  const csp = (await response!.allHeaders())['content-security-policy'] ?? ''
  const origins = csp.match(/https?:\/\/[^\s;']+/g) ?? []
  expect(origins.length).toBeGreaterThan(0)
  for (const origin of origins) expect(origin).toMatch(/^https:\/\/([a-z*]+\.)?razorpay\.com$/)
})

test('on any other page (same-origin) the same popup has no opener: the control that makes the test able to fail', async ({page}) => {
  const coop = await openWithStandIn(page, '/contact')
  expect(coop).toBe('same-origin')
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(() => (window as unknown as {__openCheckoutPopup(): boolean}).__openCheckoutPopup()),
  ])
  await expect(popup).toHaveTitle('no opener')
  expect(await page.evaluate(() => (window as unknown as {__checkoutMessages: unknown[]}).__checkoutMessages)).toEqual([])
})
