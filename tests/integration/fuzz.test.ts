/**
 * Property-based fuzz test of the local server: malformed requests (methods, raw
 * paths with odd or broken percent-encodings, content types, bodies, transfer encodings,
 * authorisation) generated with fast-check and sent with node:http to every Netlify function
 * (netlify/functions/*.ts, by their config.path and config.method) and every Remix route (the
 * modules of web/app/routes/ with and without an `action`, their `.data` variants, the routes
 * web/vite.config.ts adds), against the built site run as `npm start` runs it
 * (tests/helpers/server-process.ts).
 *
 * The requirement (findings 2–5 and 9): whatever a client sends,
 * - no answer is a 5xx (501 is allowed for a method that is not a standard one), and no
 *   answer shows a stack trace or a file path;
 * - a Remix action answers a body it cannot read with a 4xx (finding 2);
 * - a malformed percent-encoding in a path is a 4xx, never the router's 500 (finding 3);
 * - a method the site does not serve (TRACE, PROPFIND, …) is answered 405 or 501 (finding 4);
 * - ids in paths are validated: an id that is not one (`%20`, `%09`, `__proto__`, …) is never
 *   answered with data (2xx) nor a 5xx, also with an admin token (finding 5);
 * - a form submission with a cross-site or malformed Origin header is refused with a 4xx, not
 *   the 500 of Remix's CSRF check;
 * - every answer carries X-Content-Type-Options: nosniff, Referrer-Policy, X-Frame-Options and
 *   a Content-Security-Policy with frame-ancestors 'none'; non-HTML answers from /api/ and
 *   non-HTML error answers a restrictive one with default-src 'none' (finding 9), also the
 *   answers of Node's HTTP parser to requests it refuses (unknown method tokens, raw non-ASCII
 *   bytes in the path).
 * Each property also always tries the reproductions written in the issue first (fast-check
 * `examples`, and fc.constantFrom among the generated requests).
 *
 * One server for the file (ADMIN_*, SANITY_WEBHOOK_SECRET and RAZORPAY_WEBHOOK_SECRET set, so
 * nothing answers 503 by design; an admin token from POST /api/admin for the authenticated
 * paths). On Linux each request comes from its own 127.0.x.y address, so per-client rate limits
 * (429 is a fine answer) do not hide what is behind them. About 25 s when everything passes.
 *
 * A failure names the request (method, raw path, content type, body, authorisation), the
 * answer's status and what is wrong, with a curl command to reproduce it against `npm start`
 * (port 8888). Runs are reproducible: the seed is FUZZ_SEED (default 20261124) and fast-check's
 * report gives the seed and path of the failing run:
 *   FUZZ_SEED=123 npx vitest run tests/integration/fuzz.test.ts
 * FUZZ_RUNS=4 multiplies the number of generated requests (a longer run); FUZZ_REPRODUCTIONS=0
 * leaves the issue's reproductions out (to check that the generated requests alone find a bug).
 */
import {readdirSync, readFileSync} from 'node:fs'
import {METHODS} from 'node:http'
import {fileURLToPath} from 'node:url'
import fc from 'fast-check'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {CONTACT_SUBJECTS} from '#schemas/contracts/forms/contact'
import {ORDER_ID_PATTERN, UPLOAD_ID_PATTERN} from '#schemas/contracts/ids'
import {GROUP_BOOKING_ID_PATTERN} from '#schemas/contracts/group-bookings'
import type {FunctionModule} from '#netlify/platform/routes'
import {LEGAL_SLUGS} from '#schemas/rules/paths'
import {canUseLoopbackAliases, sendRaw, type RawResponse} from '../helpers/raw-request'
import {startServer, type ServerProcess} from '../helpers/server-process'

const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const RUNS = Math.max(0.1, Number(process.env.FUZZ_RUNS ?? 1))
const WITH_REPRODUCTIONS = process.env.FUZZ_REPRODUCTIONS !== '0'
const runs = (n: number) => Math.max(1, Math.round(n * RUNS))

const root = fileURLToPath(new URL('../../', import.meta.url))

// ---------------------------------------------------------------------------------------------
// Methods

const STANDARD_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const
const STANDARD = new Set<string>(STANDARD_METHODS)
/** Methods that run a Remix action. */
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Methods Node's HTTP parser accepts but the site serves nowhere (CONNECT is a tunnel, not a request). */
const OTHER_METHODS = METHODS.filter((m) => !STANDARD.has(m) && m !== 'CONNECT')
/** Method tokens Node's HTTP parser itself refuses (before the site sees the request). */
const PARSER_REFUSED_METHODS = ['FOO', 'TRACK', 'BREW', 'X-CUSTOM', 'GETS']

// ---------------------------------------------------------------------------------------------
// Targets: every function (its config.path and config.method) and every Remix route

type Target = {
  kind: 'function' | 'action' | 'page'
  /** e.g. /api/enroll/upload/:uploadId/:index, /exam/:examId/results.data */
  template: string
  /** The methods the target is meant for (config.method; POST for actions; GET for pages). */
  methods: string[]
  source: string
}

const functionsDir = new URL('../../netlify/functions/', import.meta.url)
const FUNCTION_TARGETS: Target[] = []
for (const file of readdirSync(functionsDir)
  .filter((f) => /\.(m?ts|m?js)$/.test(f) && !/\.test\./.test(f))
  .sort()) {
  const {config} = (await import(new URL(file, functionsDir).href)) as FunctionModule
  const methods = config?.method ? [config.method].flat().map((m) => m.toUpperCase()) : [...STANDARD_METHODS]
  for (const path of [config?.path ?? []].flat()) FUNCTION_TARGETS.push({kind: 'function', template: path, methods, source: `netlify/functions/${file}`})
}

const routesDir = new URL('../../web/app/routes/', import.meta.url)
/** Remix's flat route file name → path template (`exam.$examId.results.tsx` → /exam/:examId/results). */
function routeTemplate(file: string): string {
  const name = file.replace(/\.[jt]sx?$/, '')
  if (name === '$') return '/:rest' // the catch-all 404 page: any address no other route matches
  const segments = name
    .split(/\.(?![^[]*\])/)
    .filter((s) => s !== '_index')
    .map((s) => (s.startsWith('$') ? `:${s.slice(1)}` : s.replace(/\[(.)\]/g, '$1')))
  return `/${segments.join('/')}`
}
const dataVariant = (template: string) => (template === '/' ? '/_root.data' : `${template}.data`)

const REMIX_TARGETS: Target[] = []
for (const file of readdirSync(routesDir)
  .filter((f) => /\.[jt]sx?$/.test(f))
  .sort()) {
  const source = readFileSync(new URL(file, routesDir), 'utf8')
  const hasAction = /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source)
  const template = routeTemplate(file)
  const target = (t: string): Target =>
    hasAction
      ? {kind: 'action', template: t, methods: ['POST'], source: `web/app/routes/${file}`}
      : {kind: 'page', template: t, methods: ['GET'], source: `web/app/routes/${file}`}
  REMIX_TARGETS.push(target(template))
  // Client-side navigations and fetcher submissions (single fetch): /contact.data.
  if (file.endsWith('.tsx') && file !== '$.tsx') REMIX_TARGETS.push(target(dataVariant(template)))
}
// The routes web/vite.config.ts defines in code.
for (const slug of LEGAL_SLUGS) REMIX_TARGETS.push({kind: 'page', template: `/${slug}`, methods: ['GET'], source: 'web/app/pages/legal.tsx'})
REMIX_TARGETS.push({kind: 'page', template: '/admin/login', methods: ['GET'], source: 'web/app/routes/login.tsx'})

const ACTION_TARGETS = REMIX_TARGETS.filter((t) => t.kind === 'action')
const ALL_TARGETS = [...FUNCTION_TARGETS, ...REMIX_TARGETS]
const ID_TARGETS = FUNCTION_TARGETS.filter((t) => t.template.includes('/:'))

// ---------------------------------------------------------------------------------------------
// Path segments

const ALNUM = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789']
const chars = (alphabet: string[], length: number) => fc.string({unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length})

const orderIdArb = fc.oneof(
  chars(ALNUM, 14).map((s) => `order_sandbox_${s}`),
  chars(ALNUM, 14).map((s) => `order_${s}`),
)
const uploadIdArb = chars([...ALNUM, '_', '-'], 20).map((s) => `upl_${s}`)
const bookingIdArb = chars(ALNUM, 16).map((s) => `grp_${s}`)

/** Percent-encodings that decodeURIComponent refuses (bad hex, truncated, overlong, surrogates). */
const MALFORMED_ESCAPES = ['%ZZ', '%E0%A4%A', '%', '%%', '%G1', '%2', '%E0%A4', '%C0%AF', '%ED%A0%80', '%FF', '%F0%9F%9A', '%u0041']

/** Odd but well-formed segments: blanks, controls, dot segments, encoded slashes, unicode, long, prototype keys. */
const ODD_SEGMENTS = [
  '%20',
  '%20%20',
  '+',
  '%09',
  '%00',
  '%0A',
  '%0D%0A',
  '%7F',
  '%1B',
  '..',
  '.',
  '%2E%2E',
  '%2e',
  '%2F',
  '%5C',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '~',
  '%7E',
  '%C3%BC',
  '%F0%9F%9A%A2',
  '%E2%80%AE',
  '%EF%BB%BF',
  '%E4%B8%AD%E6%96%87',
  '%22%3E%3Cscript%3E',
  "'",
  '"',
  '<x>',
  '{}',
  '|',
  '\\',
  '^',
  '`',
  ';',
  ',',
  '@',
  ':',
  '=',
  '*',
  '!',
  '$',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1.5',
  '1e9',
  '9007199254740993',
  'NaN',
  '0x10',
  '01',
  'x'.repeat(300),
  '%41'.repeat(200),
]

/** Any string as UTF-8, percent-encoded (always well-formed). */
const pctEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('')

/** Characters a raw request target may carry unencoded (Node sends them as they are), with stray '%'. */
const RAW_CHARS = [...ALNUM.slice(0, 10), ...'-_.~!$&\'()*+,;=:@%"<>[]{}|\\^`']

/** Whether decodeURIComponent refuses `text` (a malformed percent-encoding somewhere in it). */
function isMalformed(text: string): boolean {
  try {
    decodeURIComponent(text)
    return false
  } catch {
    return true
  }
}
/** `.`, `..` and their encodings: URL parsing resolves them (`/a/b/..` is `/a`), so they name no id. */
const isDotSegment = (segment: string) => /^(?:\.|%2e){1,2}$/i.test(segment)

const malformedArb = fc
  .tuple(fc.constantFrom('', 'a', 'upl_', 'order_', '%20'), fc.constantFrom(...MALFORMED_ESCAPES), fc.constantFrom('', 'z', '%41'))
  .map((p) => p.join(''))
  .filter(isMalformed)
const oddArb = fc.constantFrom(...ODD_SEGMENTS)
const randomSegmentArb = fc.oneof(
  fc.string({unit: 'binary', minLength: 1, maxLength: 12}).map(pctEncode),
  fc.string({unit: fc.constantFrom(...RAW_CHARS), minLength: 1, maxLength: 12}),
  fc.array(fc.oneof(oddArb, malformedArb, chars(ALNUM, 3)), {minLength: 2, maxLength: 3}).map((p) => p.join('')),
)
/** Values the routes know (the seed dataset's exam, category and service). */
const KNOWN: Record<string, fc.Arbitrary<string>> = {
  orderId: orderIdArb,
  uploadId: uploadIdArb,
  bookingId: bookingIdArb,
  index: fc.oneof(fc.constantFrom('0', '1', '2'), fc.nat(9).map(String)),
  examId: fc.constantFrom('maritime-safety-basics', 'navigation-fundamentals', 'no-such-exam'),
  category: fc.constantFrom('stcw-courses', 'cadetship-training', 'no-such-category'),
  slug: fc.constantFrom('vessel-registration', 'yacht-registration', 'no-such-page'),
  rest: fc.constantFrom('no/such/page', 'courses/x/y', 'api.data'),
}
const validSegment = (name: string) => KNOWN[name] ?? fc.constantFrom('x', 'abc')
const anySegment = (name: string) =>
  fc.oneof(
    {arbitrary: validSegment(name), weight: 3},
    {arbitrary: malformedArb, weight: 2},
    {arbitrary: oddArb, weight: 2},
    {arbitrary: randomSegmentArb, weight: 2},
  )

const paramNames = (template: string) =>
  template
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1).replace(/\.data$/, ''))

/** Fills the template's parameters in order (`.data` stays after the last one). */
function fill(template: string, values: string[]): string {
  let i = 0
  return template
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment
      const value = values[i++] ?? 'x'
      return segment.endsWith('.data') ? `${value}.data` : value
    })
    .join('/')
}

const suffixArb = fc.oneof(
  {arbitrary: fc.constant(''), weight: 8},
  {arbitrary: fc.constantFrom('/', '?x=%ZZ', '?%E0%A4%A=1', '?_data=routes%2Fcontact', '?index', '?a=1&a=2', '?__proto__[x]=1', '//'), weight: 2},
)

/** A path for `target` with each parameter from `segment(name)`, and an optional odd suffix. */
const pathArb = (target: Target, segment: (name: string) => fc.Arbitrary<string>, suffix = suffixArb) => {
  const names = paramNames(target.template)
  return fc.tuple(fc.tuple(...names.map(segment)), suffix).map(([values, tail]) => fill(target.template, values) + tail)
}

// ---------------------------------------------------------------------------------------------
// Bodies

/** What a body is, for the assertions: an action can read json (some), form and multipart bodies. */
type BodyKind =
  'none' | 'empty' | 'json' | 'form' | 'multipart' | 'multipart-no-boundary' | 'multipart-truncated' | 'text' | 'untyped' | 'garbage-type' | 'bytes' | 'large'
/** Bodies no action can read: a Remix action must answer them with a 4xx. */
const UNREADABLE = new Set<BodyKind>(['none', 'untyped', 'text', 'garbage-type', 'multipart-no-boundary', 'multipart-truncated'])

type Body = {kind: BodyKind; contentType: string | null; body?: string | Uint8Array | {repeat: string; times: number}}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=ISO-8859-1',
  'application/vnd.api+json',
]
const FORM_TYPES = ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-8']
const GARBAGE_TYPES = [
  'garbage',
  ';',
  'multipart/',
  '*/*',
  'application/',
  'text/html',
  'image/png',
  'application/octet-stream',
  'form-data',
  'x-www-form-urlencoded',
  'application/xml',
  'a/b; c=d; e',
]

const shortText = fc.string({maxLength: 40})
const contactFields = fc.record({
  name: fc.oneof(fc.constant('Ada Lovelace'), shortText),
  email: fc.oneof(fc.constant('ada@example.com'), shortText),
  phone: fc.oneof(fc.constant(''), fc.constant('+971 50 123 4567'), shortText),
  subject: fc.oneof(fc.constantFrom(...CONTACT_SUBJECTS), shortText),
  message: fc.oneof(fc.constant('I would like to know more about your courses.'), shortText),
  website: fc.constantFrom('', '', 'http://spam.example'),
})
const validLookingJson = fc.oneof(
  contactFields,
  fc.record({email: fc.oneof(fc.constant('admin@example.com'), shortText), password: shortText}),
  fc.record({
    fileName: fc.constantFrom('cv.pdf', 'photo.png', '../../x.pdf', 'a.exe', ''),
    size: fc.integer({min: -5, max: 20_000_000}),
    contentType: fc.constantFrom('application/pdf', 'image/png', 'text/html'),
  }),
  fc.record({orderId: fc.oneof(orderIdArb, shortText)}),
  fc.record({
    razorpay_order_id: orderIdArb,
    razorpay_payment_id: chars(ALNUM, 14).map((s) => `pay_sandbox_${s}`),
    razorpay_signature: chars([...'0123456789abcdef'], 64),
  }),
  fc.record({
    name: shortText,
    email: shortText,
    mobile: shortText,
    trainingProgram: shortText,
    course: shortText,
    attachments: fc.array(fc.oneof(uploadIdArb, shortText), {maxLength: 3}),
  }),
  fc.record({answers: fc.array(fc.record({questionId: shortText, answer: fc.oneof(shortText, fc.array(shortText, {maxLength: 3}))}), {maxLength: 3})}),
  fc.record({_id: shortText, _type: fc.constantFrom('course', 'exam', 'siteSettings', 'x'), slug: fc.record({current: shortText})}),
)
const jsonText = fc.oneof(
  fc.constantFrom(
    '{}',
    '[]',
    'null',
    '""',
    '0',
    '{',
    '{"a":',
    '[1,',
    '}',
    '{"__proto__":{"polluted":1}}',
    '\uFEFF{}',
    '{"answers":"[]"}',
    'undefined',
    "{'a':1}",
  ),
  fc.json({maxDepth: 3}),
  validLookingJson.map((v) => JSON.stringify(v)),
)
const formText = fc.oneof(
  contactFields.map((f) => new URLSearchParams(f).toString()),
  fc.dictionary(shortText, shortText, {maxKeys: 4}).map((d) => new URLSearchParams(d).toString()),
  fc.constantFrom(
    'a=%ZZ&b',
    '&&&=',
    '=',
    'answers=%7B',
    'answers=%5B%5D',
    'answers=' + encodeURIComponent('[{"questionId":"q1","answer":"a"}]'),
    '%E0%A4%A=1',
    'name=' + '%41'.repeat(100),
  ),
)

const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW'
function multipartBody(fields: Array<[string, string]>, file: boolean, boundary = BOUNDARY): string {
  let out = ''
  for (const [name, value] of fields) out += `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`
  if (file) out += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 fuzz\r\n`
  return `${out}--${boundary}--\r\n`
}
const multipartFields = fc.oneof(
  contactFields.map((f) => Object.entries(f)),
  fc.array(fc.tuple(shortText, shortText), {maxLength: 3}),
  fc.constant<Array<[string, string]>>([['answers', '[{"questionId":"q1","answer":"a"}]']]),
)
const multipartArb = fc.tuple(multipartFields, fc.boolean()).map(([fields, file]) => multipartBody(fields, file))

const bodyArb: fc.Arbitrary<Body> = fc.oneof(
  {arbitrary: fc.constant<Body>({kind: 'none', contentType: null}), weight: 2},
  {
    arbitrary: fc
      .constantFrom(...JSON_TYPES, ...FORM_TYPES, 'text/plain', `multipart/form-data; boundary=${BOUNDARY}`)
      .map((contentType): Body => ({kind: 'empty', contentType, body: ''})),
    weight: 1,
  },
  {arbitrary: fc.tuple(fc.constantFrom(...JSON_TYPES), jsonText).map(([contentType, body]): Body => ({kind: 'json', contentType, body})), weight: 4},
  {arbitrary: fc.tuple(fc.constantFrom(...FORM_TYPES), formText).map(([contentType, body]): Body => ({kind: 'form', contentType, body})), weight: 3},
  {arbitrary: multipartArb.map((body): Body => ({kind: 'multipart', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body})), weight: 2},
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; charset=utf-8', 'multipart/form-data; boundary="'),
        multipartArb,
      )
      .map(([contentType, body]): Body => ({kind: 'multipart-no-boundary', contentType, body})),
    weight: 2,
  },
  {
    // A multipart body cut before its closing boundary (a dropped upload, a broken client).
    arbitrary: fc.tuple(multipartArb, fc.nat()).map(([full, cut]): Body => {
      const end = full.length - `--${BOUNDARY}--\r\n`.length
      return {kind: 'multipart-truncated', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: full.slice(0, cut % Math.max(1, end))}
    }),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('text/plain', 'text/plain; charset=utf-8'), fc.oneof(shortText, jsonText, formText))
      .map(([contentType, body]): Body => ({kind: 'text', contentType, body})),
    weight: 2,
  },
  {arbitrary: fc.oneof(jsonText, formText, shortText).map((body): Body => ({kind: 'untyped', contentType: null, body})), weight: 2},
  {
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom(...GARBAGE_TYPES), fc.string({unit: fc.constantFrom(...RAW_CHARS, ' ', '/'), maxLength: 20})),
        fc.oneof(jsonText, formText, shortText),
      )
      .map(([contentType, body]): Body => ({kind: 'garbage-type', contentType, body})),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          ...JSON_TYPES.slice(0, 1),
          ...FORM_TYPES.slice(0, 1),
          `multipart/form-data; boundary=${BOUNDARY}`,
          'application/octet-stream',
          'application/pdf',
        ),
        fc.uint8Array({minLength: 1, maxLength: 64}),
      )
      .map(([contentType, body]): Body => ({kind: 'bytes', contentType, body})),
    weight: 2,
  },
  {
    // Over the functions' and actions' 64 KB limits.
    arbitrary: fc
      .constantFrom(...JSON_TYPES.slice(0, 1), ...FORM_TYPES.slice(0, 1), 'application/octet-stream')
      .map((contentType): Body => ({kind: 'large', contentType, body: {repeat: 'a', times: 70_000}})),
    weight: 1,
  },
)

// ---------------------------------------------------------------------------------------------
// Requests

type Auth = 'none' | 'admin' | 'bogus-bearer' | 'basic'
type Spec = {
  target: string
  method: string
  /** The raw request target. */
  path: string
  body: Body
  auth: Auth
  headers: Array<[string, string]>
  chunked: boolean
  /** The client's address 127.0.a.b (per-client rate limits see many clients). */
  client: [number, number]
}

const EXTRA_HEADERS: Array<[string, string]> = [
  ['accept', 'application/json'],
  ['accept', 'text/html'],
  ['accept-encoding', 'gzip, br'],
  ['content-encoding', 'gzip'],
  ['sanity-webhook-signature', 't=1700000000,v1=bm90IGEgc2lnbmF0dXJl'],
  ['x-razorpay-signature', 'deadbeef'],
  ['x-forwarded-for', 'not-an-address, 10.0.0.1'],
  ['cookie', '__session=garbage; __prerender_bypass=x'],
  ['range', 'bytes=5-1'],
  ['if-none-match', '*'],
]

const authArb = (adminWeight: number) =>
  fc.oneof(
    {arbitrary: fc.constant<Auth>('none'), weight: 3},
    {arbitrary: fc.constant<Auth>('admin'), weight: adminWeight},
    {arbitrary: fc.constantFrom<Auth>('bogus-bearer', 'basic'), weight: 1},
  )
const clientArb = fc.tuple(fc.integer({min: 1, max: 254}), fc.integer({min: 1, max: 254}))
const extraHeadersArb = fc.oneof(
  {arbitrary: fc.constant<Array<[string, string]>>([]), weight: 3},
  {arbitrary: fc.subarray(EXTRA_HEADERS, {minLength: 1, maxLength: 3}), weight: 1},
)
const chunkedArb = fc.oneof({arbitrary: fc.constant(false), weight: 4}, {arbitrary: fc.constant(true), weight: 1})

/**
 * Origin headers of a cross-site or odd client: another site, a sandboxed frame or privacy
 * redirect (`null`), something that is not a URL, this server under another name.
 */
const ORIGINS = ['https://evil.example', 'null', 'garbage', 'http://localhost:1', 'http://127.0.0.1', 'http://[::1]', 'file://']
const originHeadersArb = fc.tuple(fc.constantFrom(...ORIGINS), extraHeadersArb).map(([origin, rest]): Array<[string, string]> => [['origin', origin], ...rest])

/** A method: mostly the target's own, often another standard one, sometimes TRACE or an extension method. */
const methodArb = (target: Target) =>
  fc.oneof(
    {arbitrary: fc.constantFrom(...target.methods), weight: 6},
    {arbitrary: fc.constantFrom(...STANDARD_METHODS), weight: 3},
    {arbitrary: fc.constant('TRACE'), weight: 1},
    {arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 1},
  )

type SpecParts = {
  method?: (t: Target) => fc.Arbitrary<string>
  path?: (t: Target) => fc.Arbitrary<string>
  body?: fc.Arbitrary<Body>
  auth?: fc.Arbitrary<Auth>
  headers?: fc.Arbitrary<Array<[string, string]>>
}
const specArb = (targets: Target[], parts: SpecParts = {}): fc.Arbitrary<Spec> =>
  fc.constantFrom(...targets).chain((target) =>
    fc.record({
      target: fc.constant(target.template),
      method: (parts.method ?? methodArb)(target),
      path: (parts.path ?? ((t: Target) => pathArb(t, anySegment)))(target),
      body: parts.body ?? bodyArb,
      auth: parts.auth ?? authArb(1),
      headers: parts.headers ?? extraHeadersArb,
      chunked: chunkedArb,
      client: clientArb,
    }),
  )

/** The template of the target `path` is for (functions first, as the server routes them). */
function templateOf(path: string): string {
  const segments = path.split('?')[0]!.split('/')
  const matches = (template: string) => {
    const parts = template.split('/')
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
  }
  return ALL_TARGETS.find((t) => matches(t.template))?.template ?? '(none)'
}

/** A hand-written request (the issue's reproductions). */
const spec = (method: string, path: string, body: Body = {kind: 'none', contentType: null}, auth: Auth = 'none'): Spec => ({
  target: templateOf(path),
  method,
  path,
  body,
  auth,
  headers: [],
  chunked: false,
  client: [0, 1],
})

// ---------------------------------------------------------------------------------------------
// Sending

let server: ServerProcess
let adminToken = ''
let aliases = false

const materialize = (body: Body['body']): string | Uint8Array | undefined =>
  body === undefined || typeof body === 'string' || body instanceof Uint8Array ? body : body.repeat.repeat(body.times)

function requestHeaders(s: Spec): Record<string, string> {
  const headers: Record<string, string> = {}
  if (s.body.contentType !== null) headers['content-type'] = s.body.contentType
  if (s.auth === 'admin') headers.authorization = `Bearer ${adminToken}`
  if (s.auth === 'bogus-bearer') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.'
  if (s.auth === 'basic') headers.authorization = 'Basic YWRtaW46YWRtaW4='
  for (const [name, value] of s.headers) headers[name] = value
  return headers
}

function send(s: Spec): Promise<RawResponse> {
  return sendRaw(server.port, {
    method: s.method,
    path: s.path,
    headers: requestHeaders(s),
    body: materialize(s.body.body),
    chunked: s.chunked,
    localAddress: aliases && s.client[0] > 0 ? `127.0.${s.client[0]}.${s.client[1]}` : undefined,
  })
}

// ---------------------------------------------------------------------------------------------
// Checks: each returns what is wrong with the answer, or null

type Check = (s: Spec, res: RawResponse) => string | null

const noServerError: Check = (s, res) => {
  if (res.status < 500) return null
  if (res.status === 501 && !STANDARD.has(s.method)) return null
  return `status ${res.status}: a malformed request must get a 4xx, never a 5xx${STANDARD.has(s.method) ? '' : ' (501 at most, for a method the site does not implement)'}`
}

const LEAKS: Array<[RegExp, string]> = [
  [/^\s*at (?:async )?(?:new )?[^\s()]*\s*\(?(?:file:\/\/|node:|\/|[A-Za-z]:\\)/m, 'a stack frame'],
  [/\b\w*Error: [^\n]*\n\s+at /, 'an error with its stack'],
  [/node_modules/, 'a node_modules path'],
  [new RegExp(root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'the checkout path'],
  [/\/work\//, 'a file path (/work/)'],
  [/web\/build/, 'a build path (web/build)'],
  [/\.tsx?:\d/, 'a source location (.ts:line)'],
]
const noLeak: Check = (_s, res) => {
  const found = LEAKS.filter(([pattern]) => pattern.test(res.body)).map(([, what]) => what)
  return found.length ? `the answer shows ${found.join(', ')}` : null
}

/**
 * Finding 9, as the issue states it for the test: on EVERY answer X-Content-Type-Options:
 * nosniff, a Referrer-Policy, an X-Frame-Options and a CSP with frame-ancestors 'none'; on
 * non-HTML answers from /api/ and on non-HTML error answers (≥ 400) a CSP with default-src
 * 'none'. (Static files are not targets of this test.)
 */
const isHtml = (res: RawResponse) => /^text\/html\b/i.test(String(res.headers['content-type'] ?? ''))
const securityHeaders: Check = (s, res) => {
  const h = res.headers
  const missing: string[] = []
  if (String(h['x-content-type-options'] ?? '').toLowerCase() !== 'nosniff') missing.push('X-Content-Type-Options: nosniff')
  if (!h['referrer-policy']) missing.push('Referrer-Policy')
  if (!h['x-frame-options']) missing.push('X-Frame-Options')
  const csp = String(h['content-security-policy'] ?? '')
  if (!csp) missing.push('Content-Security-Policy')
  else {
    if (!/frame-ancestors 'none'/.test(csp)) missing.push(`frame-ancestors 'none' in the CSP`)
    // HTML pages (also error pages, also under /api/) carry their own nonce CSP; everything
    // else from /api/ and every other error answer a restrictive one.
    const restrictive = !isHtml(res) && (s.path.startsWith('/api/') || res.status >= 400)
    if (restrictive && !/default-src 'none'/.test(csp))
      missing.push(`default-src 'none' in the CSP (${s.path.startsWith('/api/') ? 'an API answer' : 'a non-HTML error answer'})`)
  }
  return missing.length ? `security headers missing: ${missing.join('; ')}` : null
}

/** A redirect: 3xx, or single fetch's 202 with a Location (a `.data` request). */
const isRedirect = (res: RawResponse) => (res.status >= 300 && res.status < 400) || (res.status === 202 && Boolean(res.headers.location))

/**
 * Finding 2: an action cannot read the body, so the request is the client's error (a redirect
 * is fine too: the exam pages send an unknown exam to /exams).
 */
const unreadableBodyRefused: Check = (s, res) =>
  MUTATIONS.has(s.method) && UNREADABLE.has(s.body.kind) && (res.status < 400 || res.status >= 500) && !isRedirect(res)
    ? `status ${res.status}: an action must answer a body it cannot read (${s.body.kind}) with 400 or 415`
    : null

/**
 * Finding 3: a path with a malformed percent-encoding is the client's error (400), never the
 * router's 500. A page may also answer it with its 404 or a redirect (the exam pages send an
 * unknown exam to /exams), never with a 2xx.
 */
const malformedPathRefused: Check = (s, res) => {
  if (res.status >= 400 && res.status < 500) return null
  if (!s.path.startsWith('/api/') && isRedirect(res)) return null
  return `status ${res.status}: a path with a malformed percent-encoding must get a 4xx (400)`
}

/** Finding 4. */
const methodRefused: Check = (s, res) =>
  res.status === 405 || res.status === 501 ? null : `status ${res.status}: ${s.method} is not served here: expected 405 (or 501)`

/** Finding 5: the store holds nothing the fuzz can name, so every id in a path is unknown or invalid: 4xx. */
const idRefused: Check = (s, res) => {
  if (res.status >= 400 && res.status < 500) return null
  const ids = idSegments(s)
  const invalid = ids.filter((i) => !i.valid).map((i) => `${i.name}=${JSON.stringify(i.raw)}`)
  return `status ${res.status}: ${invalid.length ? `an id that is not one (${invalid.join(', ')})` : 'an unknown id'} must be answered 404 (4xx), never ${res.status >= 500 ? 'a 5xx' : 'with data'}`
}

/** The id parameters of a request to an id route, decoded, and whether each has its id's shape. */
function idSegments(s: Spec): Array<{name: string; raw: string; valid: boolean}> {
  const template = s.target.split('/')
  const path = s.path.split('?')[0]!.split('/')
  return template.flatMap((segment, i) => {
    if (!segment.startsWith(':')) return []
    const name = segment.slice(1)
    const raw = path[i] ?? ''
    let decoded: string | null = null
    try {
      decoded = decodeURIComponent(raw)
    } catch {
      decoded = null
    }
    const pattern = name === 'orderId' ? ORDER_ID_PATTERN : name === 'uploadId' ? UPLOAD_ID_PATTERN : name === 'bookingId' ? GROUP_BOOKING_ID_PATTERN : /^\d+$/
    return [{name, raw, valid: decoded !== null && pattern.test(decoded)}]
  })
}

const preview = (body: Body['body']): string => {
  if (body === undefined) return 'no body'
  if (body instanceof Uint8Array) return `${body.byteLength} random bytes`
  if (typeof body !== 'string') return `${body.times} × ${JSON.stringify(body.repeat)}`
  return body.length > 120 ? `${JSON.stringify(body.slice(0, 120))}… (${body.length} chars)` : JSON.stringify(body)
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`
function curl(s: Spec): string {
  const parts = ['curl -sS -i --path-as-is', s.method === 'HEAD' ? '--head' : `-X ${s.method}`, shellQuote(`http://localhost:8888${s.path}`)]
  for (const [name, value] of Object.entries(requestHeaders(s))) {
    parts.push('-H', shellQuote(`${name}: ${name === 'authorization' && s.auth === 'admin' ? 'Bearer <token from POST /api/admin>' : value}`))
  }
  if (s.body.contentType === null && s.body.body !== undefined) parts.push('-H', shellQuote('content-type:'))
  if (s.chunked) parts.push('-H', shellQuote('transfer-encoding: chunked'))
  const body = s.body.body
  if (typeof body === 'string' && /^[\x20-\x7e\r\n]*$/.test(body) && body.length <= 2000) parts.push('--data-binary', shellQuote(body))
  else if (body !== undefined) parts.push('--data-binary @body (see above)')
  return parts.join(' ')
}

function describeFailure(s: Spec, res: RawResponse, problems: string[]): string {
  return [
    `${s.method} ${s.path} → ${res.status} ${res.headers['content-type'] ?? '(no content type)'}`,
    `  route: ${s.target}; content-type: ${s.body.contentType === null ? '(none)' : JSON.stringify(s.body.contentType)}; body (${s.body.kind}${s.chunked ? ', chunked' : ''}): ${preview(s.body.body)}; authorization: ${s.auth}${s.headers.length ? `; headers: ${s.headers.map(([n, v]) => `${n}: ${v}`).join(', ')}` : ''}`,
    ...problems.map((p) => `  ✗ ${p}`),
    `  answer: ${JSON.stringify(res.body.slice(0, 200))}`,
    `  reproduce: ${curl(s)}`,
  ].join('\n')
}

/** Sends `s` and throws a readable error when any check fails (the property's failure). */
async function expectAnswer(s: Spec, checks: Check[]): Promise<void> {
  let res: RawResponse
  try {
    res = await send(s)
  } catch (error) {
    // The server may have crashed: its last words say why.
    const output = server.output().split('\n').slice(-40).join('\n')
    throw new Error(`${s.method} ${s.path}: no answer (${(error as Error).message})\n  reproduce: ${curl(s)}\n  the server's last output:\n${output}`)
  }
  const problems = checks.map((check) => check(s, res)).filter((p): p is string => p !== null)
  if (problems.length) throw new Error(describeFailure(s, res, problems))
}

/** Runs the property with the fixed seed; the issue's reproductions are tried first. */
async function fuzz(label: string, arb: fc.Arbitrary<Spec>, checks: Check[], numRuns: number, reproductions: Spec[] = []): Promise<void> {
  const repro = WITH_REPRODUCTIONS ? reproductions : []
  const arbitrary = repro.length ? fc.oneof({arbitrary: fc.constantFrom(...repro), weight: 1}, {arbitrary: arb, weight: 9}) : arb
  try {
    await fc.assert(
      fc.asyncProperty(arbitrary, (s) => expectAnswer(s, checks)),
      {seed: SEED, numRuns: runs(numRuns), examples: repro.map((s) => [s] as [Spec])},
    )
  } catch (error) {
    ;(error as Error).message =
      `[fuzz: ${label}] seed ${SEED}: rerun with FUZZ_SEED=${SEED} npx vitest run tests/integration/fuzz.test.ts\n${(error as Error).message}`
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// The issue's reproductions

const json = (body: string): Body => ({kind: 'json', contentType: 'application/json', body})
const UPLOAD_ID = 'upl_AAAAAAAAAAAAAAAAAAAA'
const ORDER_ID = 'order_sandbox_AAAAAAAAAAAAAA'
const CONTACT_FORM = multipartBody(
  [
    ['name', 'Ada Lovelace'],
    ['email', 'ada@example.com'],
    ['subject', 'General Inquiry'],
    ['message', 'Hello there, a question.'],
  ],
  false,
)

const FINDING_2 = [
  spec('POST', '/contact', json('{}')),
  spec('POST', '/contact', {kind: 'text', contentType: 'text/plain', body: 'hello'}),
  spec('POST', '/contact', {kind: 'untyped', contentType: null, body: 'name=Ada'}),
  spec('POST', '/contact', {kind: 'none', contentType: null}),
  spec('POST', '/contact', {kind: 'multipart-no-boundary', contentType: 'multipart/form-data', body: CONTACT_FORM}),
  spec('POST', '/contact', {kind: 'multipart-truncated', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: CONTACT_FORM.slice(0, 60)}),
  spec('POST', '/contact.data', json('{}')),
  spec('POST', '/exam/maritime-safety-basics/results', {
    kind: 'multipart-truncated',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: CONTACT_FORM.slice(0, 60),
  }),
]
const FINDING_3 = [
  spec('GET', '/api/admin/enrollments/%E0%A4%A', {kind: 'none', contentType: null}, 'admin'),
  spec('PUT', `/api/enroll/upload/${UPLOAD_ID}/%ZZ`, {kind: 'bytes', contentType: 'application/octet-stream', body: new Uint8Array([1, 2, 3])}),
  spec('POST', '/api/enroll/upload/%ZZ/complete'),
]
const FINDING_4 = ['/', '/contact', '/api/contact', '/api/admin/enrollments', `/api/enroll/upload/${UPLOAD_ID}/0`].map((path) => spec('TRACE', path))
const FINDING_5 = [
  spec('GET', '/api/admin/enrollments/%20', {kind: 'none', contentType: null}, 'admin'),
  spec('GET', `/api/admin/enrollments/%20/documents/${UPLOAD_ID}`, {kind: 'none', contentType: null}, 'admin'),
  spec('GET', `/api/admin/enrollments/${ORDER_ID}/documents/%20`, {kind: 'none', contentType: null}, 'admin'),
]

// ---------------------------------------------------------------------------------------------

describe('fuzz: malformed requests to every function and every page action', () => {
  beforeAll(async () => {
    server = await startServer({
      env: {
        // Everything configured, so nothing answers 503 by design.
        ADMIN_EMAIL: 'fuzz-admin@example.com',
        ADMIN_PASSWORD: 'fuzz-admin-password',
        SANITY_WEBHOOK_SECRET: 'fuzz-sanity-webhook-secret',
        RAZORPAY_WEBHOOK_SECRET: 'fuzz-razorpay-webhook-secret',
        // The seed dataset and the payment sandbox, whatever the shell has.
        SANITY_PROJECT_ID: '',
        RAZORPAY_KEY_ID: '',
        RAZORPAY_KEY_SECRET: '',
        APP_ENV: '',
        CONTEXT: '',
      },
    })
    const login = await sendRaw(server.port, {
      method: 'POST',
      path: '/api/admin',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({email: 'fuzz-admin@example.com', password: 'fuzz-admin-password'}),
    })
    expect(login.status, login.body).toBe(200)
    adminToken = (JSON.parse(login.body) as {authToken: string}).authToken
    aliases = await canUseLoopbackAliases(server.port)
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('finds every function and page action to fuzz', () => {
    expect(FUNCTION_TARGETS.map((t) => t.template)).toEqual(
      expect.arrayContaining(['/api/contact', '/api/admin/enrollments/:orderId', '/api/enroll/upload/:uploadId/:index']),
    )
    expect(ACTION_TARGETS.map((t) => t.template)).toEqual(
      expect.arrayContaining(['/contact', '/contact.data', '/exam/:examId/results', '/exam/:examId/results.data']),
    )
    expect(ID_TARGETS.length).toBeGreaterThanOrEqual(4)
  })

  it('functions: no 5xx and nothing internal, whatever the method, path segments, headers and body', async () => {
    await fuzz('functions', specArb(FUNCTION_TARGETS), [noServerError, noLeak], 600)
  }, 120_000)

  it('pages and actions: no 5xx and nothing internal, whatever the method, path segments, headers and body', async () => {
    await fuzz('pages and actions', specArb(REMIX_TARGETS), [noServerError, noLeak], 400)
  }, 120_000)

  it('finding 2: a page action answers a body it cannot read with a 4xx (400 or 415)', async () => {
    const method = () => fc.oneof({arbitrary: fc.constant('POST'), weight: 8}, {arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE'), weight: 2})
    const path = (t: Target) => pathArb(t, (name) => fc.oneof({arbitrary: validSegment(name), weight: 4}, {arbitrary: anySegment(name), weight: 1}))
    await fuzz('finding 2', specArb(ACTION_TARGETS, {method, path}), [noServerError, noLeak, unreadableBodyRefused], 400, FINDING_2)
  }, 120_000)

  it('finding 3: a malformed percent-encoding in a path gets a 4xx, never the router’s 500', async () => {
    const path = (t: Target) => {
      const names = paramNames(t.template)
      if (names.length === 0) {
        // No parameter: break a literal segment, or add a broken one.
        return fc.tuple(malformedArb, fc.boolean()).map(([bad, append]) => {
          const broken = t.template.replace(/\/([^/]+)$/, `/${bad}$1`)
          return append || broken === t.template ? `${t.template.replace(/\/$/, '')}/${bad}` : broken
        })
      }
      // At least one parameter malformed, the others valid.
      return fc
        .tuple(
          fc.nat(names.length - 1),
          fc.array(fc.boolean(), {minLength: names.length, maxLength: names.length}),
          fc.tuple(...names.map(validSegment)),
          fc.array(malformedArb, {minLength: names.length, maxLength: names.length}),
        )
        .map(([forced, broken, good, bad]) =>
          fill(
            t.template,
            names.map((_, i) => (broken[i] || i === forced ? bad[i]! : good[i]!)),
          ),
        )
    }
    const method = (t: Target) => fc.constantFrom(...t.methods.filter((m) => m !== 'OPTIONS'))
    const body = fc.oneof(fc.constant<Body>({kind: 'none', contentType: null}), bodyArb)
    await fuzz('finding 3', specArb(ALL_TARGETS, {method, path, body, auth: authArb(3)}), [noServerError, noLeak, malformedPathRefused], 400, FINDING_3)
  }, 120_000)

  it('finding 4: a method the site does not serve (TRACE, PROPFIND, …) gets 405 or 501 on every path', async () => {
    const method = () => fc.oneof({arbitrary: fc.constant('TRACE'), weight: 2}, {arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 3})
    const path = (t: Target) => pathArb(t, validSegment, fc.constant(''))
    const body = fc.oneof({arbitrary: fc.constant<Body>({kind: 'none', contentType: null}), weight: 3}, {arbitrary: bodyArb, weight: 1})
    await fuzz('finding 4', specArb(ALL_TARGETS, {method, path, body}), [noLeak, methodRefused], 300, FINDING_4)
  }, 120_000)

  it('finding 5: ids in paths are validated: an id that is not one is never answered with data or a 5xx (with an admin token)', async () => {
    // Well-formed encodings only (a malformed one is finding 3's), and no dot segments (URL
    // parsing resolves `/enrollments/.` to the list itself).
    const idSegment = (name: string) =>
      fc
        .oneof(
          {arbitrary: validSegment(name), weight: 2},
          {arbitrary: oddArb, weight: 3},
          {arbitrary: fc.constantFrom('%20', '%20%20', '%20%20%20', '%09', '%0B', '%0C', '%0D', '%0A', '%E2%80%83', '+', '%00'), weight: 4},
          {arbitrary: randomSegmentArb, weight: 2},
        )
        .filter((segment) => !isDotSegment(segment) && !isMalformed(segment))
    const path = (t: Target) => pathArb(t, idSegment, fc.constantFrom('', '', '', '/'))
    const method = (t: Target) => fc.constantFrom(...t.methods)
    const body = fc.oneof(
      {arbitrary: fc.constant<Body>({kind: 'none', contentType: null}), weight: 2},
      {
        arbitrary: fc.uint8Array({minLength: 1, maxLength: 32}).map((b): Body => ({kind: 'bytes', contentType: 'application/octet-stream', body: b})),
        weight: 1,
      },
    )
    await fuzz(
      'finding 5',
      specArb(ID_TARGETS, {
        method,
        path,
        body,
        auth: fc.oneof({arbitrary: fc.constant<Auth>('admin'), weight: 5}, {arbitrary: fc.constant<Auth>('none'), weight: 1}),
      }),
      [noServerError, noLeak, idRefused],
      400,
      FINDING_5,
    )
  }, 120_000)

  it('a cross-site or malformed Origin on a form submission (POST, PUT, PATCH, DELETE) gets a 4xx, never a 5xx', async () => {
    const method = () => fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE')
    const path = (t: Target) => pathArb(t, validSegment, fc.constant(''))
    const reproductions = [
      {
        ...spec('POST', '/contact', {kind: 'form', contentType: 'application/x-www-form-urlencoded', body: 'name=Ada'}),
        headers: [['origin', 'https://evil.example']] as Array<[string, string]>,
      },
      {
        ...spec('POST', '/contact.data', {kind: 'form', contentType: 'application/x-www-form-urlencoded', body: 'name=Ada'}),
        headers: [['origin', 'null']] as Array<[string, string]>,
      },
    ]
    await fuzz('cross-origin', specArb(ALL_TARGETS, {method, path, headers: originHeadersArb}), [noServerError, noLeak], 200, reproductions)
  }, 120_000)

  it('finding 9: every answer carries the security headers (a restrictive CSP for API and non-HTML error answers)', async () => {
    const headers = fc.oneof({arbitrary: extraHeadersArb, weight: 9}, {arbitrary: originHeadersArb, weight: 1})
    await fuzz('finding 9', specArb(ALL_TARGETS, {auth: authArb(2), headers}), [noLeak, securityHeaders], 600, [
      ...FINDING_3.slice(0, 1),
      FINDING_4[1]!,
      FINDING_2[6]!,
      spec('GET', '/api/admin/enrollments'),
    ])
  }, 120_000)

  it('requests Node’s HTTP parser refuses (unknown method tokens, raw non-ASCII bytes in the path) get a 4xx/501 with the security headers', async () => {
    const latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1')
    const arb = fc.constantFrom(...ALL_TARGETS).chain((target) =>
      fc.record({
        target: fc.constant(target.template),
        method: fc.oneof(fc.constantFrom(...PARSER_REFUSED_METHODS), fc.constantFrom(...target.methods)),
        path: fc.oneof(
          pathArb(target, validSegment, fc.constant('')),
          pathArb(target, () => fc.constantFrom('ü', 'é', '中文', '🚢', '\u00a0').map(latin1), fc.constant('')),
        ),
        body: fc.constant<Body>({kind: 'none', contentType: null}),
        auth: fc.constant<Auth>('none'),
        headers: fc.constant<Array<[string, string]>>([]),
        chunked: fc.constant(false),
        client: clientArb,
      }),
    )
    // Only requests the parser refuses: an unknown method or a non-ASCII byte in the path.
    const refused = arb.filter((s) => PARSER_REFUSED_METHODS.includes(s.method) || [...s.path].some((c) => c.charCodeAt(0) > 0x7f))
    const status: Check = (_s, res) => ((res.status >= 400 && res.status < 500) || res.status === 501 ? null : `status ${res.status}: expected 400, 405 or 501`)
    await fuzz('parser', refused, [status, noLeak, securityHeaders], 80, [spec('FOO', '/contact'), spec('GET', `/courses/${latin1('ü')}`)])
  }, 120_000)
})
