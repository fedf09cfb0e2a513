/**
 * The one rule for every redirect the site builds from something a request carries
 * (`?redirect=/%09/evil.example` became `Location: /\t/evil.example`, which browsers
 * follow to //evil.example).
 *
 * `safeRedirectPath(value)` returns a same-origin path (`/…`, with its query and hash) or `/`:
 * the value must start with one `/`, hold no control character and no backslash, parse with
 * `new URL(value, origin)` to the same origin, and its parsed form must not start with `//`
 * (`/a/..//evil.example` normalises to `//evil.example`). What is returned is the parsed,
 * serialised form, so the Location header is exactly what the browser will follow.
 * Never throws.
 */

import {hasControlCharacter} from '#schemas/rules/text'

/** Any origin will do: only "same origin after parsing" matters. */
const BASE = 'https://same-origin.invalid'

export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.includes('\\') || hasControlCharacter(value)) return '/'
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return '/'
  }
  if (url.origin !== BASE) return '/'
  const path = `${url.pathname}${url.search}${url.hash}`
  return path.startsWith('/') && !path.startsWith('//') ? path : '/'
}
