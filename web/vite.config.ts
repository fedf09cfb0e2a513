/**
 * Vite + Remix build of the site. The Vite root is the repository root so that the
 * Netlify adapter writes its function to ./.netlify/functions-internal, where Netlify
 * (and our local server, web/server.ts) look for it. Output: web/build/{client,server}.
 */
import {fileURLToPath} from 'node:url'
import {vitePlugin as remix} from '@remix-run/dev'
import {netlifyPlugin} from '@netlify/remix-adapter/plugin'
import tailwindcss from '@tailwindcss/vite'
import {defineConfig} from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import {LEGAL_SLUGS} from './app/lib/paths'

const root = fileURLToPath(new URL('..', import.meta.url))

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  root,
  publicDir: 'web/public',
  server: {port: 8888},
  build: {
    assetsInlineLimit: 0,
    // Merge chunks smaller than ~8 KB into their importers: a page loads a handful of scripts
    // instead of fifteen 1 KB ones (fewer requests on HTTP/1.1 and slow mobile links, less gzip
    // overhead against the 100 KB JavaScript budget; docs/performance.md).
    rollupOptions: {output: {experimentalMinChunkSize: 8_000}},
  },
  plugins: [
    tailwindcss(),
    remix({
      appDirectory: 'web/app',
      buildDirectory: 'web/build',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
      routes(defineRoutes) {
        // One module serves several fixed paths (spec section 2, route table).
        return defineRoutes((route) => {
          for (const slug of LEGAL_SLUGS) {
            route(`/${slug}`, 'pages/legal.tsx', {id: `routes/legal-${slug}`})
          }
          route('/admin/login', 'routes/login.tsx', {id: 'routes/admin-login'})
        })
      },
    }),
    netlifyPlugin(),
    tsconfigPaths({root}),
  ],
})
