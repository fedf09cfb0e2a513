/**
 * Lowers the fetch priority of the module preloads Remix's <Scripts> writes into every page
 * (`<link rel="modulepreload" href=…>` → `… fetchpriority="low" …`).
 *
 * Why: Chrome fetches module preloads at high priority, so on a slow mobile link the page's
 * JavaScript (about 95 KB gzip, needed only for hydration) competes with the stylesheet that the
 * first paint waits for. At low priority the browser still starts them at once, but serves the
 * HTML and CSS first: first contentful paint drops from about 2.0 s to 0.8 s on Lighthouse's
 * simulated phone (docs/performance.md). React does not compare this attribute when it hydrates.
 *
 * `lowPriorityModulePreloads()` is a byte stream Transform for the rendered HTML: it handles a tag
 * split across chunks and UTF-8 characters split across chunks, and delays nothing but the last
 * few characters of a chunk that could start a tag.
 */
import type {Transform} from 'node:stream'
import {holdPartial, htmlTextTransform} from './html-stream.server'

const NEEDLE = '<link rel="modulepreload"'
const REPLACEMENT = '<link rel="modulepreload" fetchpriority="low"'

/** A Transform that rewrites every module preload of an HTML byte stream to low fetch priority. */
export function lowPriorityModulePreloads(): Transform {
  return htmlTextTransform({
    chunk: (text) => holdPartial(text.replaceAll(NEEDLE, REPLACEMENT), NEEDLE),
    end: (rest) => rest.replaceAll(NEEDLE, REPLACEMENT),
  })
}
