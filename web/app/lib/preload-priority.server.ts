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
import {Transform, type TransformCallback} from 'node:stream'
import {StringDecoder} from 'node:string_decoder'

const NEEDLE = '<link rel="modulepreload"'
const REPLACEMENT = '<link rel="modulepreload" fetchpriority="low"'

/** How many characters at the end of `text` could be the start of NEEDLE (0 when none). */
function partialNeedleAtEnd(text: string): number {
  for (let length = Math.min(NEEDLE.length - 1, text.length); length > 0; length--) {
    if (NEEDLE.startsWith(text.slice(text.length - length))) return length
  }
  return 0
}

/** A Transform that rewrites every module preload of an HTML byte stream to low fetch priority. */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8')
  let carry = ''
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = (carry + decoder.write(chunk)).replaceAll(NEEDLE, REPLACEMENT)
      const keep = partialNeedleAtEnd(text)
      carry = text.slice(text.length - keep)
      callback(null, Buffer.from(text.slice(0, text.length - keep), 'utf8'))
    },
    flush(callback: TransformCallback) {
      const rest = (carry + decoder.end()).replaceAll(NEEDLE, REPLACEMENT)
      carry = ''
      callback(null, rest ? Buffer.from(rest, 'utf8') : undefined)
    },
  })
}
