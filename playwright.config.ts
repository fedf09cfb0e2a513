/**
 * End-to-end tests in Debian's Chromium against the built site, served exactly as
 * `npm start` serves it (web/server.ts) on port 8899. Run with `npm run test:e2e`,
 * which builds first.
 */
import {defineConfig, devices} from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 8899)
/** The site's Blobs emulation, readable by the tests (tests/e2e/blobs.ts). */
export const E2E_BLOBS = {port: PORT + 1000, token: 'e2e-blobs-token', siteID: 'local-site'}
/** The key the e2e server signs exam draws with, so a spec can pin a draw (tests/e2e/exam-seed.ts). */
export const E2E_EXAM_DRAW_SECRET = 'e2e-exam-draw-secret-at-least-32-characters'

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs a third of the suite's time, kept or not; CI's log is all a CI run
    // leaves, so it records none there (E2E_TRACE=on records them anyway).
    trace: process.env.CI && process.env.E2E_TRACE !== 'on' ? 'off' : 'retain-on-failure',
    launchOptions: {
      // Debian's old headless shell, as Playwright's own headless runs use: the full browser
      // costs about twice the CPU (tests/e2e/ensure-chromium.sh installs both).
      executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{name: 'desktop', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: {
    command: 'npx tsx web/server.ts',
    url: `http://localhost:${PORT}/`,
    env: {
      PORT: String(PORT),
      BLOBS_DIR: `test-results/blobs-${Date.now()}`,
      BLOBS_PORT: String(E2E_BLOBS.port),
      BLOBS_TOKEN: E2E_BLOBS.token,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'e2e-admin-password',
      // The specs create many sandbox orders from one client (the limits' own tests are integration tests).
      RATE_LIMIT_CREATE_ORDER: '1000/10m',
      // Certificate look-ups from the one e2e client (the verify limit's own tests are integration tests).
      RATE_LIMIT_VERIFY: '1000/10m',
      // My training's sign-in links from the one e2e client (the limits' own tests are integration tests).
      RATE_LIMIT_SIGN_IN_LINK: '1000/10m',
      EXAM_DRAW_SECRET: E2E_EXAM_DRAW_SECRET,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
