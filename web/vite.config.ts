/**
 * Vite + Remix build of the site. The Vite root is the repository root so that the
 * Netlify adapter writes its function to ./.netlify/functions-internal, where Netlify
 * (and our local server, web/server.ts) look for it. Output: web/build/{client,server}.
 */
import {fileURLToPath} from 'node:url'
import {vitePlugin as remix} from '@remix-run/dev'
import {netlifyPlugin} from '@netlify/remix-adapter/plugin'
import tailwindcss from '@tailwindcss/vite'
import {defineConfig, type Plugin} from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import {LEGAL_SLUGS} from '#schemas/rules/paths'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * The page function Netlify runs (and web/server.ts serves): the adapter's own handler, wrapped by
 * web/app/lib/request-guard.server.ts so every answer — Remix's resource routes and errors, the
 * adapter's "Internal Error" — carries the security headers, and malformed requests are refused
 *. The adapter's plugin loads `virtual:netlify-server` with a fixed body; this plugin
 * runs first and gives the same body plus the guard.
 */
function guardedNetlifyServer(): Plugin {
  const id = '\0virtual:netlify-server'
  const guard = fileURLToPath(new URL('./app/lib/request-guard.server.ts', import.meta.url))
  return {
    name: 'guarded-netlify-server',
    enforce: 'pre',
    load(loaded) {
      if (loaded !== id) return null
      return [
        `import {createRequestHandler} from '@netlify/remix-adapter'`,
        `import * as build from 'virtual:remix/server-build'`,
        `import {guardRequestHandler} from ${JSON.stringify(guard)}`,
        `export default guardRequestHandler(createRequestHandler({build, getLoadContext: async (_request, context) => context}))`,
      ].join('\n')
    },
  }
}

/** Modules of the shared `site` chunk (see build.rollupOptions below). */
const SITE_CHUNK =
  /\/web\/app\/(components\/(Admissions|Cards|Icons|PageHero|StructuredData|SiteNav|SiteFooter)\.tsx|lib\/(paths|meta|structured-data|nonce)\.ts|domain\/price\.ts)$/

/**
 * Two tiny modules every page loads as files of their own otherwise: react-dom/client (the
 * hydration entry, 0.2 KB) and Vite's preload helper (root.tsx's lazy imports, 1.1 KB). In the
 * `site` chunk they cost no request of their own (docs/performance.md).
 */
const SITE_CHUNK_DEPENDENCIES = /(\/node_modules\/react-dom\/client\.js(\?commonjs-[a-z-]+)?|vite\/preload-helper(\.js)?)$/

/**
 * The form libraries (zod and conform), in one `forms` chunk for the pages whose forms use them
 * (contact, verify, login, admin) and for the /payment form's check, which loads them only when
 * the visitor starts using the form (docs/performance.md). Left to Rollup, they are cut into
 * five or six chunks by which pages share which part, each one a request of its own.
 */
const FORMS_CHUNK = /\/node_modules\/(zod|@conform-to\/(dom|react|zod))\//

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig(({isSsrBuild}) => ({
  root,
  publicDir: 'web/public',
  server: {port: 8888},
  build: {
    assetsInlineLimit: 0,
    // terser writes the client's scripts 3.5 KB (gzip) smaller than esbuild, against the 100 KB
    // budget of every content page (docs/performance.md); the server build stays unminified.
    minify: isSsrBuild ? false : 'terser',
    // The small modules every content page shares (page frame pieces, icons, paths, meta,
    // structured data, prices) go into one `site` chunk: a page loads a handful of scripts instead
    // of fifteen 1 KB ones (fewer requests on slow mobile links, less gzip overhead against the
    // 100 KB JavaScript budget; docs/performance.md). Client build only.
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks: (id: string) => {
              const path = id.replaceAll('\\', '/')
              if (SITE_CHUNK.test(path) || SITE_CHUNK_DEPENDENCIES.test(path)) return 'site'
              return FORMS_CHUNK.test(path) ? 'forms' : undefined
            },
          },
        },
  },
  plugins: [
    guardedNetlifyServer(),
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
        // One module serves several fixed paths (docs/requirements.md#req-routes).
        const routes = defineRoutes((route) => {
          for (const slug of LEGAL_SLUGS) {
            route(`/${slug}`, 'pages/legal.tsx', {id: `routes/legal-${slug}`})
          }
          route('admin/login', 'routes/_admin.login.tsx', {id: 'routes/admin-login'})
        })
        // /admin/login sits in the admin layout (routes/_admin.tsx, pathless) like /login.
        routes['routes/admin-login']!.parentId = 'routes/_admin'
        return routes
      },
    }),
    netlifyPlugin(),
    tsconfigPaths({root}),
  ],
}))
