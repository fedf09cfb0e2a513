/**
 * netlify.toml's header rules are the site's own ("cache and headers"): the `/*` rule
 * Netlify's CDN puts on static files equals the headers every answer of the site carries
 * (BASE_SECURITY_HEADERS plus HSTS, netlify/platform/security.ts), and the `/assets/*` rule
 * is the immutable policy web/server.ts serves them with (netlify/platform/cache.ts).
 *
 * netlify.toml is read with the small parser below (no TOML package): comments, `[table]` and
 * `[[array-of-tables]]` headers, and `key = "basic string"` pairs, which is all the file's
 * [[headers]] blocks use. Anything else inside a [[headers]] block fails the test.
 */
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {IMMUTABLE_CACHE_CONTROL} from '#netlify/platform/cache'
import {BASE_SECURITY_HEADERS, HSTS} from '#netlify/platform/security'

type HeaderRule = {for: string; values: Record<string, string>}

/** A TOML basic string ("…" with \" \\ \n \t escapes) at the start of `text`, and what follows it. */
function basicString(text: string): {value: string; rest: string} {
  const match = /^"((?:[^"\\]|\\.)*)"(.*)$/.exec(text)
  if (!match) throw new Error(`Not a TOML basic string: ${text}`)
  const value = match[1]!.replace(/\\(.)/g, (_, c: string) => ({n: '\n', t: '\t', '"': '"', '\\': '\\'})[c] ?? `\\${c}`)
  return {value, rest: match[2]!}
}

/** The [[headers]] blocks of a netlify.toml: each rule's `for` and its [headers.values]. */
function parseHeaderRules(toml: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  let table = ''
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const header = /^(\[\[?)\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(?:#.*)?$/.exec(line)
    if (header) {
      table = `${header[1] === '[[' ? '[[' : '['}${header[2]}`
      if (table === '[[headers') rules.push({for: '', values: {}})
      continue
    }
    if (table !== '[[headers' && table !== '[headers.values') continue
    const pair = /^([A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*")\s*=\s*(.*)$/.exec(line)
    if (!pair) throw new Error(`Unreadable line in a [[headers]] block: ${raw}`)
    const key = pair[1]!.startsWith('"') ? basicString(pair[1]!).value : pair[1]!
    const {value, rest} = basicString(pair[2]!)
    if (rest.trim() !== '' && !rest.trim().startsWith('#')) throw new Error(`Unexpected text after the value: ${raw}`)
    const rule = rules[rules.length - 1]!
    if (table === '[[headers') {
      if (key !== 'for') throw new Error(`Unexpected key in a [[headers]] block: ${key}`)
      rule.for = value
    } else {
      rule.values[key] = value
    }
  }
  return rules
}

const netlifyToml = readFileSync(fileURLToPath(new URL('../../netlify.toml', import.meta.url)), 'utf8')
const rules = parseHeaderRules(netlifyToml)
const ruleFor = (path: string) => rules.filter((rule) => rule.for === path)

describe('netlify.toml header rules', () => {
  it('has one rule per path', () => {
    expect(rules.map((rule) => rule.for).sort()).toEqual(['/*', '/assets/*'])
  })

  it('gives static files exactly the security headers of every other answer (BASE_SECURITY_HEADERS and HSTS)', () => {
    const [all] = ruleFor('/*')
    expect(all?.values).toEqual({...BASE_SECURITY_HEADERS, 'Strict-Transport-Security': HSTS})
    expect(HSTS).toBe('max-age=31536000; includeSubDomains')
  })

  it('caches fingerprinted assets as web/server.ts does', () => {
    const [assets] = ruleFor('/assets/*')
    expect(assets?.values).toEqual({'Cache-Control': IMMUTABLE_CACHE_CONTROL})
  })
})

describe('the netlify.toml header parser', () => {
  it('reads rules, quoted keys, escapes and comments, and skips other tables', () => {
    const parsed = parseHeaderRules(
      [
        '[build]',
        '  command = "npm run build" # not a header',
        '[[headers]]',
        '  for = "/a/*"  # comment',
        '  [headers.values]',
        '    X-One = "a \\"quoted\\" value"',
        '    "X-Two" = "b; c"',
        '[functions]',
        '  directory = "netlify/functions"',
      ].join('\n'),
    )
    expect(parsed).toEqual([{for: '/a/*', values: {'X-One': 'a "quoted" value', 'X-Two': 'b; c'}}])
  })
  it('refuses what it cannot read inside a [[headers]] block', () => {
    expect(() => parseHeaderRules('[[headers]]\n  for = "/*"\n  [headers.values]\n    X-One = 1')).toThrow(/basic string/)
  })
})
