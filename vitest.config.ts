/** Unit and integration tests (Playwright's e2e tests live in tests/e2e and run separately). */
import {fileURLToPath} from 'node:url'
import {defineConfig} from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./web/app', import.meta.url)),
      '#schemas': fileURLToPath(new URL('./schemas', import.meta.url)),
    },
  },
  // As in the site build (web/vite.config.ts): assets are files, never inlined data URIs.
  build: {assetsInlineLimit: 0},
  test: {
    include: ['tests/**/*.test.ts', 'web/app/**/*.test.ts', 'netlify/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
  },
})
