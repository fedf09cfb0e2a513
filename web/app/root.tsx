/**
 * The document shell and shared frame: navigation, main content, footer. Its loader reads
 * the site settings once per request and names the site's public origin (SITE_URL, else the
 * request's origin) for canonical URLs and structured data; every page's data comes from its
 * own route loader. The head carries the JSON-LD of the page (components/StructuredData.tsx).
 */
import type {LinksFunction, LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError, useRouteLoaderData} from '@remix-run/react'
import {useEffect, type ReactNode} from 'react'
import {PreviewOverlays} from './components/PreviewOverlays'
import {SiteFooter} from './components/SiteFooter'
import {SiteIcons} from './components/SiteLogo'
import {SiteNav} from './components/SiteNav'
import {StructuredData} from './components/StructuredData'
import {installAnchorScroll, scrollRestorationKey} from './lib/anchor-scroll'
import {fetchContent} from '#netlify/platform/content/client'
import {siteOrigin} from '#netlify/platform/env'
import {useNonce} from './lib/nonce'
import {SITE_SETTINGS_QUERY} from '#netlify/platform/content/queries'
import {noStoreRouteHeaders} from '#netlify/platform/cache'
import {previewOptions} from './lib/preview.server'
import stylesheet from './tailwind.css?url'
import brandFont from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url'
import {appIconLinks, ogImageUrl, prepareImage} from '~/lib/image.server'
import {IMAGE_LAYOUTS} from '~/lib/image-layouts'

export const links: LinksFunction = () => [
  // The brand font's one file (tailwind.css declares it; docs/requirements.md#req-issue-19-font),
  // at low priority: it starts at once but never competes with the stylesheet and the LCP image;
  // text shows in the metric-matched fallback until it arrives (no layout shift).
  {rel: 'preload', href: brandFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous', ...({fetchpriority: 'low'} as object)},
  {rel: 'stylesheet', href: stylesheet},
]

/**
 * Site settings for the frame, the site's origin (canonical URLs) and `preview`: true only for a
 * validated preview session (drafts).
 */
export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const content = await fetchContent(SITE_SETTINGS_QUERY, {}, {preview})
  if (!content) throw new Error('The siteSettings document is missing from the dataset')
  // The settings' pictures leave the server prepared (image.server.ts): URLs, never the raw fields.
  const {logo, logoDark, appIcon, socialImage, ...settings} = content
  const images = {
    logo: prepareImage(logo, IMAGE_LAYOUTS.logo),
    logoDark: prepareImage(logoDark, IMAGE_LAYOUTS.logo),
    icons: appIconLinks(appIcon),
    socialImage: ogImageUrl(socialImage),
  }
  return {settings, images, origin: siteOrigin(request), year: new Date().getFullYear(), preview: Boolean(preview)}
}

/**
 * Error pages caught here (404s, 500s) and any route without its own `headers` export are never
 * stored; content routes set their CDN cache headers themselves (lib/cache.server.ts).
 */
export const headers = noStoreRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data}) => [
  {title: data?.settings.companyName ?? 'Maritime training'},
  {name: 'description', content: data?.settings.seoDescription ?? ''},
]

/** Paths without the top navigation / without the footer (docs/requirements.md#req-frame). */
const NO_NAV_PATHS = ['/login']
const NO_FOOTER_PATHS = ['/login', '/admin/login']

export function Layout({children}: {children: ReactNode}) {
  const nonce = useNonce()
  const data = useRouteLoaderData<typeof loader>('root')
  const {pathname} = useLocation()
  const path = pathname.replace(/\/+$/, '') || '/'
  // In-page anchor links scroll smoothly; every other scroll jumps (lib/anchor-scroll.ts).
  useEffect(() => installAnchorScroll(document), [])
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#06142a" />
        <Meta />
        <Links />
        <SiteIcons icons={data?.images.icons ?? null} />
        <StructuredData site={data ? {origin: data.origin, settings: data.settings} : null} />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only z-[60] rounded bg-white px-4 py-2 text-navy-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
          Skip to content
        </a>
        {data && !NO_NAV_PATHS.includes(path) ? (
          <SiteNav companyName={data.settings.companyName ?? ''} logo={data.images.logo} logoDark={data.images.logoDark} />
        ) : null}
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        {data && !NO_FOOTER_PATHS.includes(path) ? <SiteFooter settings={data.settings} logo={data.images.logoDark} year={data.year} /> : null}
        {data?.preview ? <PreviewOverlays pathname={pathname} /> : null}
        <ScrollRestoration nonce={nonce} getKey={scrollRestorationKey} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** Designed error pages: 404 for unknown addresses, a calm message for anything else. */
export function ErrorBoundary() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  if (!notFound) console.error(error)
  return (
    <section className="bg-ocean-50 pt-32 pb-24">
      <div className="container-page max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-widest text-ocean-600 uppercase">{notFound ? 'Error 404' : 'Something went wrong'}</p>
        <h1 className="mt-3 text-4xl font-bold text-navy-900">{notFound ? 'Page not found' : 'We could not load this page'}</h1>
        <p className="mt-4 text-lg text-slate-600">
          {notFound
            ? 'The page you were looking for has moved or never existed. Our courses and services are one click away.'
            : 'Please try again in a moment. If the problem continues, contact our admissions team.'}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn-secondary">
            Back to Home
          </Link>
          <Link to="/courses" className="btn-outline">
            Browse Certifications
          </Link>
        </div>
      </div>
    </section>
  )
}
