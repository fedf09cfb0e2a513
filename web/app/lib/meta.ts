/**
 * Page metadata in one place: every route's `meta` calls `pageMeta`, so the title pattern
 * ("<page> | <company>") and the description come out the same everywhere.
 */
import type {MetaDescriptor} from '@remix-run/node'

type RouteMatch = {id: string; data: unknown}

const FALLBACK_COMPANY = 'Maritime Training & Certification'

/** The company name from the root loader's site settings. */
export function companyName(matches: ReadonlyArray<RouteMatch>): string {
  const root = matches.find((match) => match.id === 'root')?.data as {settings?: {companyName?: string | null}} | undefined
  return root?.settings?.companyName || FALLBACK_COMPANY
}

/**
 * `<title>` and `<meta name="description">` of a page. `page` null (the loader threw, e.g. 404)
 * gives "Page not found". `title` null gives the company name alone (the home page).
 */
export function pageMeta(
  matches: ReadonlyArray<RouteMatch>,
  page: {title: string | null | undefined; description: string | null | undefined} | null,
): MetaDescriptor[] {
  const company = companyName(matches)
  if (!page) return [{title: `Page not found | ${company}`}]
  return [
    {title: page.title ? `${page.title} | ${company}` : company},
    {name: 'description', content: page.description ?? ''},
  ]
}
