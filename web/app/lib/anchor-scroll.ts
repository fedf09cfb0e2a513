/**
 * Smooth scrolling for in-page anchor links only (docs/requirements.md#req-frame): a link to a
 * fragment of the page itself — the skip link, "Explore Certifications" (#courses), an error
 * summary's links to its fields — glides to its target; a navigation to another page, or back
 * and forward, jumps at once (Remix's ScrollRestoration resets or restores the position before
 * the new page is painted).
 *
 * How: a click on such a link marks the root element with `data-anchor-scroll` for the scroll
 * that follows, and tailwind.css makes the marked root `scroll-behavior: smooth` — only under
 * `prefers-reduced-motion: no-preference`, so visitors who reduce motion always jump. The browser
 * still performs the fragment navigation itself (address, history entry, `:target`, focus start
 * point); the mark is removed when that scroll ends (`scrollend`), at the next click anywhere
 * else, or after `ANCHOR_SCROLL_MAX_MS` where `scrollend` is not supported or nothing scrolled.
 *
 * `scrollRestorationKey` keeps ScrollRestoration from sending such a link's scroll to a stale place.
 */
import type {Location as RouterLocation} from '@remix-run/react'

/** The root element's attribute that turns on smooth scrolling (tailwind.css). */
export const ANCHOR_SCROLL_ATTRIBUTE = 'data-anchor-scroll'

/** The longest the mark stays without a `scrollend` (ms): longer than any smooth scroll of a page. */
export const ANCHOR_SCROLL_MAX_MS = 2000

/** True when `anchor` leads to a fragment of the document at `location` (same origin, path and query), opened in the same tab. */
export function isInPageAnchor(anchor: HTMLAnchorElement, location: Pick<Location, 'origin' | 'pathname' | 'search'>): boolean {
  if (!anchor.hash || anchor.hasAttribute('download')) return false
  if (anchor.target && anchor.target !== '_self') return false
  return anchor.origin === location.origin && anchor.pathname === location.pathname && anchor.search === location.search
}

/**
 * Listens on `document` (capture phase, so the mark is set before a link's own handler scrolls)
 * and returns the function that stops listening and removes the mark.
 */
export function installAnchorScroll(document: Document): () => void {
  const root = document.documentElement
  let timer: ReturnType<typeof setTimeout> | undefined
  const unmark = () => {
    clearTimeout(timer)
    root.removeAttribute(ANCHOR_SCROLL_ATTRIBUTE)
  }
  const onClick = (event: MouseEvent) => {
    // A modified or non-primary click opens another tab or window: this page does not scroll.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null
    if (!link || !isInPageAnchor(link, document.location)) return unmark()
    clearTimeout(timer)
    root.setAttribute(ANCHOR_SCROLL_ATTRIBUTE, '')
    timer = setTimeout(unmark, ANCHOR_SCROLL_MAX_MS)
  }
  document.addEventListener('click', onClick, true)
  document.addEventListener('scrollend', unmark)
  return () => {
    document.removeEventListener('click', onClick, true)
    document.removeEventListener('scrollend', unmark)
    unmark()
  }
}

/** Distinguishes the keys of history entries made by in-page anchor links (see scrollRestorationKey). */
let fragmentEntries = 0

/**
 * ScrollRestoration's `getKey`: the key a history entry's scroll position is kept under. Entries
 * made by the site have their own key (`location.key`). An entry the browser makes itself for an
 * in-page anchor link has none: React Router calls every such entry "default", so the position
 * kept for one (saved in sessionStorage, for the whole tab) would be "restored" on the next anchor
 * link of any page, away from its target. Those entries get a key of their own each time instead,
 * so nothing is restored for them and the page goes to the anchor. On the server, where every
 * location is "default", the key stays "default" (Remix then keys its first restore by the
 * history entry, as without getKey).
 */
export function scrollRestorationKey(location: RouterLocation): string {
  if (location.key !== 'default' || typeof document === 'undefined') return location.key
  fragmentEntries += 1
  return `anchor-${fragmentEntries}`
}
