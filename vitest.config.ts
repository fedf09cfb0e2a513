/** Unit and integration tests (Playwright's e2e tests live in tests/e2e and run separately). */
import {realpathSync} from 'node:fs'
import {availableParallelism} from 'node:os'
import {fileURLToPath} from 'node:url'
import {defineConfig} from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./web/app', import.meta.url)),
      '#schemas': fileURLToPath(new URL('./schemas', import.meta.url)),
      '#netlify': fileURLToPath(new URL('./netlify', import.meta.url)),
    },
  },
  // As in the site build (web/vite.config.ts): assets are files, never inlined data URIs.
  build: {assetsInlineLimit: 0},
  // Files under node_modules imported with a query (the flags' `?url`) must pass Vite's fs check,
  // also when node_modules is a symlink to a shared install (a git worktree's checkout).
  server: {fs: {allow: [root, realpathSync(`${root}node_modules`)]}},
  test: {
    include: ['tests/**/*.test.ts', 'web/app/**/*.test.ts', 'netlify/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Generous limits: on a loaded 2-core machine (CI beside other jobs) an integration test over
    // the Blobs emulation can take several seconds; no test relies on these to pass or fail.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which then
    // waits on every child process and socket in turn. Three keep both cores busy.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    hookTimeout: 30_000,
    // The child-process server tests (tests/helpers/server-process.ts) need a current build.
    globalSetup: ['tests/helpers/ensure-build.ts'],
  },
})
