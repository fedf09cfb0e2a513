import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {
  AdminEnvSchema,
  ENV_SECTIONS,
  ENV_VARIABLES,
  EnvError,
  getEnv,
  isProduction,
  MailEnvSchema,
  parseEnvSection,
  PaymentsEnvSchema,
  siteOrigin,
} from '#netlify/platform/env'
import {AdminConfigError, parseAdminConfig} from '#netlify/services/admin/config'
import {parsePaymentsConfig, PaymentsConfigError} from '#netlify/platform/payments/config'

const HASH = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA=='

describe('getEnv', () => {
  it('defaults to the embedded content and the production dataset', () => {
    const env = getEnv({})
    expect(env.SANITY_PROJECT_ID).toBeUndefined()
    expect(env.SANITY_DATASET).toBe('production')
  })
  it('treats blank variables as unset', () => {
    expect(getEnv({SANITY_PROJECT_ID: ''}).SANITY_PROJECT_ID).toBeUndefined()
  })
  it('refuses an invalid project id, naming the variable', () => {
    expect(() => getEnv({SANITY_PROJECT_ID: 'Not A Project!'})).toThrow(/SANITY_PROJECT_ID/)
  })
  it('strips a trailing slash from SITE_URL', () => {
    expect(getEnv({SITE_URL: 'https://example.com/'}).SITE_URL).toBe('https://example.com')
  })
  it('requires SITE_URL in production, naming it', () => {
    for (const production of [{APP_ENV: 'production'}, {CONTEXT: 'production'}, {AWS_LAMBDA_FUNCTION_NAME: 'site-fn'}]) {
      expect(() => getEnv(production), JSON.stringify(production)).toThrow(/SITE_URL is required in production/)
      expect(getEnv({...production, SITE_URL: 'https://www.example.com'}).SITE_URL).toBe('https://www.example.com')
    }
    // A deploy preview that opted in to the sandbox is not production.
    expect(() => getEnv({AWS_LAMBDA_FUNCTION_NAME: 'site-fn', PAYMENTS_SANDBOX: 'allowed'})).not.toThrow()
    expect(isProduction({})).toBe(false)
  })
  it('builds absolute URLs from SITE_URL, never from the Host header when it is set', () => {
    const request = new Request('http://evil.example/courses', {headers: {Host: 'evil.example'}})
    expect(siteOrigin(request, getEnv({SITE_URL: 'https://www.example.com'}))).toBe('https://www.example.com')
    // Outside production only, the request's origin stands in.
    expect(siteOrigin(request, getEnv({}))).toBe('http://evil.example')
  })
})

/**
 * Every environment variable through the one schema. Each variable with a format has a
 * malformed example here; the others are free text (signals read for their presence, tokens).
 * A variable added to the schema without being listed here fails the coverage test.
 */
const MALFORMED: Record<string, string> = {
  // content
  SANITY_PROJECT_ID: 'Not A Project!',
  SANITY_DATASET: 'Has Spaces',
  SANITY_API_VERSION: 'latest',
  SANITY_PREVIEW_SECRET: 'too short',
  SITE_URL: 'www.example.com',
  // deployment
  NODE_ENV: 'staging',
  // per-client limits
  RATE_LIMIT_CONTACT: '5 per 10 minutes',
  RATE_LIMIT_CREATE_ORDER: '0/10m',
  RATE_LIMIT_UPLOAD_START: '30/1w',
  RATE_LIMIT_LOGIN: '5/',
  RATE_LIMIT_LOGIN_CLIENT: '20 / 15 minutes',
  RATE_LIMIT_VERIFY: '20 per 10m',
  RATE_LIMIT_PASSWORD_RESET: '5/1y',
  RATE_LIMIT_PASSWORD_RESET_CLIENT: 'twenty/1h',
  RATE_LIMIT_SIGN_IN_LINK: '20/10 minutes',
  RATE_LIMIT_SIGN_IN_LINK_ADDRESS: '-5/1h',
  // payments
  RAZORPAY_KEY_ID: 'key_123',
  RAZORPAY_KEY_SECRET: '   ',
  RAZORPAY_WEBHOOK_SECRET: ' \t ',
  // administrator
  ADMIN_PASSWORD_HASH: 'scrypt$1$8$1$c2FsdA==$aGFzaA==',
  SESSION_SECRET: 'not 32 characters',
  // signed exam draws
  EXAM_DRAW_SECRET: 'not 32 characters either',
  EXAM_DRAW_SECRET_PREVIOUS: 'short',
  // e-mail
  SMTP_URL: 'http://smtp.example.com',
  MAIL_FROM: 'Maritime Training <no-reply@localhost>\r\nBcc: victim@example.com',
  STAFF_EMAIL: 'office@example.com, not an address',
  // local serving
  PORT: 'eighty',
  BLOBS_PORT: '70000',
  // backup
  BACKUP_KEY: 'c2hvcnQ=',
  BACKUP_KEY_PREVIOUS: 'not base64 at all!',
  BACKUP_S3_ENDPOINT: 'not a url',
  BACKUP_S3_BUCKET: 'Has_Upper',
  BACKUP_S3_REGION: 'eu west',
  BACKUP_S3_PREFIX: '/absolute',
}

const FREE_TEXT = [
  'BACKUP_DIR',
  'BACKUP_S3_ACCESS_KEY_ID',
  'BACKUP_S3_SECRET_ACCESS_KEY',
  'SANITY_API_READ_TOKEN',
  'SEED_FILE',
  'APP_ENV',
  'CONTEXT',
  'AWS_LAMBDA_FUNCTION_NAME',
  'LAMBDA_TASK_ROOT',
  'PAYMENTS_SANDBOX',
  'RAZORPAY_SANDBOX_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SANITY_WEBHOOK_SECRET',
  'NETLIFY',
  'NETLIFY_PURGE_API_TOKEN',
  'SITE_ID',
  'BLOBS_DIR',
  'BLOBS_TOKEN',
  'NETLIFY_BLOBS_CONTEXT',
  'NETLIFY_SITE_ID',
  'NETLIFY_AUTH_TOKEN',
]

/** The EnvError getEnv throws for `source`. */
function envErrorOf(source: Record<string, string>): EnvError {
  try {
    getEnv(source)
  } catch (error) {
    if (error instanceof EnvError) return error
    throw error
  }
  throw new Error(`getEnv accepted ${JSON.stringify(source)}`)
}

describe('the one environment schema', () => {
  it('is composed of the named sections, and every variable has a test here', () => {
    const fromSections = Object.values(ENV_SECTIONS).flatMap((section) => Object.keys(section.shape))
    expect(new Set(fromSections).size).toBe(fromSections.length) // no variable in two sections
    expect([...fromSections].sort()).toEqual([...ENV_VARIABLES].sort())
    expect([...Object.keys(MALFORMED), ...FREE_TEXT].sort()).toEqual([...ENV_VARIABLES].sort())
    expect(Object.keys(PaymentsEnvSchema.shape).sort()).toEqual([
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_SANDBOX_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ])
    expect(Object.keys(AdminEnvSchema.shape).sort()).toEqual(['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'ADMIN_PASSWORD_HASH', 'SESSION_SECRET'])
  })

  for (const [section, schema] of Object.entries(ENV_SECTIONS)) {
    const malformed = Object.keys(schema.shape).filter((name) => name in MALFORMED)
    if (malformed.length === 0) continue
    it(`${section}: refuses each malformed variable with a message naming it`, () => {
      for (const name of malformed) {
        const error = envErrorOf({[name]: MALFORMED[name]!})
        expect(error.issues, name).toHaveLength(1)
        expect(error.issues[0]!.variable, name).toBe(name)
        expect(error.issues[0]!.message, name).toContain(name)
        expect(error.message, name).toMatch(new RegExp(`^Invalid environment: ${name}: `))
        // The section alone says the same.
        expect(() => parseEnvSection(schema, {[name]: MALFORMED[name]!}), name).toThrow(error.message)
      }
    })
  }

  it('lists every invalid variable at once', () => {
    const error = envErrorOf({PORT: 'eighty', RAZORPAY_KEY_ID: 'key_123', SESSION_SECRET: 'short'})
    expect(error.issues.map((issue) => issue.variable).sort()).toEqual(['PORT', 'RAZORPAY_KEY_ID', 'SESSION_SECRET'])
  })

  it('accepts any text in the free-text variables', () => {
    for (const name of FREE_TEXT) expect(() => getEnv({SITE_URL: 'https://www.example.com', [name]: 'any text at all'}), name).not.toThrow()
  })

  it('types the values and applies the defaults', () => {
    const defaults = getEnv({})
    expect(defaults).toMatchObject({
      PORT: 8888,
      BLOBS_DIR: '.netlify/blobs-serve',
      SEED_FILE: 'studio/seed/production.ndjson',
      RAZORPAY_SANDBOX_SECRET: 'sandbox_secret',
      NODE_ENV: 'development',
    })
    expect(defaults.RATE_LIMIT_LOGIN).toEqual({count: 5, windowSeconds: 900})
    expect(defaults.RATE_LIMIT_LOGIN_CLIENT).toEqual({count: 20, windowSeconds: 900})
    const env = getEnv({
      PORT: '3000',
      BLOBS_PORT: '0',
      ADMIN_EMAIL: ' Admin@Example.com ',
      RAZORPAY_KEY_ID: ' rzp_test_Abc1 ',
      ADMIN_PASSWORD_HASH: HASH,
      RATE_LIMIT_CONTACT: '2/1h',
    })
    expect(env).toMatchObject({
      PORT: 3000,
      BLOBS_PORT: 0,
      ADMIN_EMAIL: 'admin@example.com',
      RAZORPAY_KEY_ID: 'rzp_test_Abc1',
      RATE_LIMIT_CONTACT: {count: 2, windowSeconds: 3600},
    })
    expect(env.ADMIN_PASSWORD_HASH).toMatchObject({N: 1024, r: 8, p: 1})
  })

  it('counts blank variables as unset (whitespace too, for the administrator)', () => {
    expect(getEnv({PORT: '', SANITY_DATASET: ''})).toMatchObject({PORT: 8888, SANITY_DATASET: 'production'})
    expect(getEnv({ADMIN_EMAIL: '  ', ADMIN_PASSWORD: ' ', ADMIN_PASSWORD_HASH: ' ', SESSION_SECRET: '\t'})).toMatchObject({
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      ADMIN_PASSWORD_HASH: undefined,
      SESSION_SECRET: undefined,
    })
  })

  it('is the one definition of the payment and administrator formats (their modules say the same)', () => {
    for (const name of Object.keys(PaymentsEnvSchema.shape).filter((key) => key in MALFORMED)) {
      const [issue] = envErrorOf({[name]: MALFORMED[name]!}).issues
      expect(() => parsePaymentsConfig({[name]: MALFORMED[name]!}), name).toThrow(new PaymentsConfigError(`${name}: ${issue!.message}`).message)
    }
    for (const name of Object.keys(AdminEnvSchema.shape).filter((key) => key in MALFORMED)) {
      const [issue] = envErrorOf({[name]: MALFORMED[name]!}).issues
      expect(() => parseAdminConfig({ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'pw', [name]: MALFORMED[name]!}), name).toThrow(
        new AdminConfigError(issue!.message).message,
      )
    }
  })

  describe('validated at start-up by the functions (handle() of netlify/platform/http.ts)', () => {
    afterEach(() => {
      vi.unstubAllEnvs()
      vi.resetModules()
    })
    it("stops a function's module as it loads on a malformed variable, naming it", async () => {
      vi.stubEnv('SESSION_SECRET', 'not 32 characters')
      vi.resetModules()
      await expect(import('#netlify/functions/contact')).rejects.toThrow(/Invalid environment: SESSION_SECRET: SESSION_SECRET must be at least 32 characters/)
      const {handle} = await import('#netlify/platform/http')
      expect(() => handle(async () => new Response())).toThrow(/SESSION_SECRET must be at least 32 characters/)
      vi.stubEnv('SESSION_SECRET', '')
      vi.resetModules()
      await expect(import('#netlify/functions/contact')).resolves.toHaveProperty('default')
    })
  })
})

describe('the e-mail variables', () => {
  it('are unset by default: the embedded outbox, nothing sent', () => {
    expect(getEnv({})).toMatchObject({SMTP_URL: undefined, MAIL_FROM: undefined, STAFF_EMAIL: undefined})
    expect(getEnv({SMTP_URL: ' ', MAIL_FROM: '  ', STAFF_EMAIL: ' '})).toMatchObject({SMTP_URL: undefined, MAIL_FROM: undefined, STAFF_EMAIL: undefined})
  })
  it('accept SMTP URLs with and without auth, a sender and a comma-separated staff list', () => {
    const env = getEnv({
      SMTP_URL: ' smtp://user:p%40ss@smtp.example.com:587 ',
      MAIL_FROM: '"Maritime Training" <no-reply@maritime-training.example>',
      STAFF_EMAIL: 'office@example.com,  Admissions@Example.com ,office@EXAMPLE.com',
    })
    expect(env.SMTP_URL).toBe('smtp://user:p%40ss@smtp.example.com:587')
    expect(env.MAIL_FROM).toEqual({name: 'Maritime Training', address: 'no-reply@maritime-training.example'})
    expect(env.STAFF_EMAIL).toEqual(['office@example.com', 'Admissions@Example.com'])
    expect(getEnv({SMTP_URL: 'smtp://127.0.0.1:2525'}).SMTP_URL).toBe('smtp://127.0.0.1:2525')
    expect(getEnv({SMTP_URL: 'smtps://smtp.example.com:465'}).SMTP_URL).toBe('smtps://smtp.example.com:465')
    expect(getEnv({MAIL_FROM: 'no-reply@localhost'}).MAIL_FROM).toEqual({name: '', address: 'no-reply@localhost'})
  })
  it('refuse each bad value with a message naming the variable and never echoing it (a password may be in SMTP_URL)', () => {
    const bad: Array<[string, string]> = [
      ['SMTP_URL', 'smtp://user:secret-password@'],
      ['SMTP_URL', 'smtp://user:secret-password@host:587\r\nX'],
      ['SMTP_URL', 'https://user:secret-password@smtp.example.com'],
      ['SMTP_URL', 'secret-password'],
      ['MAIL_FROM', 'Maritime Training'],
      ['MAIL_FROM', 'Evil <a@example.com>, b@example.com'],
      ['MAIL_FROM', 'a@example.com\nBcc: b@example.com'],
      ['STAFF_EMAIL', 'a@example.com\r\nBcc: b@example.com'],
      ['STAFF_EMAIL', 'a@example.com;b@example.com'],
      ['STAFF_EMAIL', ','],
      ['STAFF_EMAIL', Array.from({length: 21}, (_, i) => `s${i}@example.com`).join(',')],
    ]
    for (const [name, value] of bad) {
      const error = envErrorOf({[name]: value})
      expect(
        error.issues.map((issue) => issue.variable),
        value,
      ).toEqual([name])
      expect(error.message, value).toMatch(new RegExp(`^Invalid environment: ${name}: ${name} must be`))
      expect(error.message).not.toContain('secret-password')
      expect(() => parseEnvSection(MailEnvSchema, {[name]: value}), value).toThrow(error.message)
    }
  })
  it('do not stop a production start without SMTP_URL (mail then stays in the outbox)', () => {
    expect(() => getEnv({APP_ENV: 'production', SITE_URL: 'https://www.example.com'})).not.toThrow()
    expect(() => getEnv({APP_ENV: 'production', SITE_URL: 'https://www.example.com', SMTP_URL: 'smtp://smtp.example.com:587'})).not.toThrow()
  })
})

describe('process.env is read only by the env module', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'build' ? [] : sourceFiles(path)
      return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : []
    })

  it('finds no process.env in web/app, schemas or netlify outside netlify/platform/env.ts', () => {
    const files = ['web/app', 'schemas', 'netlify/functions', 'netlify/services', 'netlify/platform'].flatMap((dir) => sourceFiles(join(root, dir)))
    expect(files.length).toBeGreaterThan(50)
    const offenders = files
      .filter((file) => !file.endsWith(join('netlify', 'platform', 'env.ts')))
      .flatMap((file) => {
        // Code only: block comments and comment lines are left out.
        const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
        return code
          .split('\n')
          .map((line, index) => ({line: line.trim(), index}))
          .filter(({line}) => !line.startsWith('//') && /\bprocess\.env\b/.test(line))
          .map(({line}) => `${relative(root, file)}: ${line}`)
      })
    expect(offenders).toEqual([])
  })
})
