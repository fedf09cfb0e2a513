/** Payment configuration (netlify/platform/payments/config.ts): modes and the fail-closed rule. */
import {afterEach, describe, expect, it, vi} from 'vitest'
import {ServiceError} from '#netlify/platform/errors'
import {getPaymentsConfig, parsePaymentsConfig, PaymentsConfigError, requirePaymentsConfig, sandboxAvailable} from '#netlify/platform/payments/config'

const KEYS = {RAZORPAY_KEY_ID: 'rzp_live_AbC123', RAZORPAY_KEY_SECRET: 'secret_123'}
const ALL = {...KEYS, RAZORPAY_WEBHOOK_SECRET: 'whsec_1'}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe('parsePaymentsConfig', () => {
  it('defaults to the sandbox with the default secret', () => {
    const config = parsePaymentsConfig({})
    expect(config).toEqual({mode: 'sandbox', production: false, keyId: null, keySecret: null, webhookSecret: null, sandboxSecret: 'sandbox_secret'})
    expect(sandboxAvailable(config)).toBe(true)
  })

  it('treats blank variables as unset', () => {
    expect(parsePaymentsConfig({RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '', RAZORPAY_SANDBOX_SECRET: ''})).toMatchObject({
      mode: 'sandbox',
      sandboxSecret: 'sandbox_secret',
    })
  })

  it('switches to Razorpay when the key id and secret are set', () => {
    const config = parsePaymentsConfig({...KEYS, RAZORPAY_SANDBOX_SECRET: 'custom'})
    expect(config).toMatchObject({mode: 'razorpay', keyId: 'rzp_live_AbC123', keySecret: 'secret_123', production: false})
    expect(sandboxAvailable(config)).toBe(false)
  })

  it('refuses one key without the other, and a malformed key id', () => {
    expect(() => parsePaymentsConfig({RAZORPAY_KEY_ID: KEYS.RAZORPAY_KEY_ID})).toThrow(PaymentsConfigError)
    expect(() => parsePaymentsConfig({RAZORPAY_KEY_SECRET: KEYS.RAZORPAY_KEY_SECRET})).toThrow(/must be set together/)
    expect(() => parsePaymentsConfig({...KEYS, RAZORPAY_KEY_ID: 'key_123'})).toThrow(/RAZORPAY_KEY_ID/)
  })

  it('fails closed in production without keys (CONTEXT or APP_ENV), naming what is missing', () => {
    expect(() => parsePaymentsConfig({CONTEXT: 'production'})).toThrow(/production requires RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/)
    expect(() => parsePaymentsConfig({APP_ENV: 'production'})).toThrow(PaymentsConfigError)
    expect(() => parsePaymentsConfig({APP_ENV: 'production', ...KEYS})).toThrow(/production requires RAZORPAY_WEBHOOK_SECRET/)
    expect(() => parsePaymentsConfig({CONTEXT: 'production', RAZORPAY_WEBHOOK_SECRET: 'whsec_1', RAZORPAY_SANDBOX_SECRET: 'x'})).toThrow(
      /sandbox never runs in production/,
    )
  })

  it('runs Razorpay in production with everything set, and never the sandbox there', () => {
    const config = parsePaymentsConfig({CONTEXT: 'production', ...ALL})
    expect(config).toMatchObject({mode: 'razorpay', production: true, webhookSecret: 'whsec_1'})
    expect(sandboxAvailable(config)).toBe(false)
    expect(sandboxAvailable({...config, mode: 'sandbox'})).toBe(false)
  })

  it('does not take NODE_ENV=production or a local deploy-preview CONTEXT for production', () => {
    expect(parsePaymentsConfig({NODE_ENV: 'production', CONTEXT: 'deploy-preview'})).toMatchObject({mode: 'sandbox', production: false})
  })

  it("treats any run on Netlify's deployed runtime as production (CONTEXT is not visible there)", () => {
    const lambda = {AWS_LAMBDA_FUNCTION_NAME: 'remix-server', LAMBDA_TASK_ROOT: '/var/task'}
    expect(() => parsePaymentsConfig(lambda)).toThrow(/production requires RAZORPAY_KEY_ID/)
    expect(() => parsePaymentsConfig({LAMBDA_TASK_ROOT: '/var/task'})).toThrow(PaymentsConfigError)
    expect(parsePaymentsConfig({...lambda, ...ALL})).toMatchObject({mode: 'razorpay', production: true})
  })

  it('lets a deployed non-production context opt in to the sandbox, never over APP_ENV or CONTEXT=production', () => {
    const preview = {AWS_LAMBDA_FUNCTION_NAME: 'remix-server', PAYMENTS_SANDBOX: 'allowed'}
    expect(parsePaymentsConfig(preview)).toMatchObject({mode: 'sandbox', production: false})
    expect(() => parsePaymentsConfig({...preview, APP_ENV: 'production'})).toThrow(PaymentsConfigError)
    expect(() => parsePaymentsConfig({...preview, CONTEXT: 'production'})).toThrow(PaymentsConfigError)
  })
})

describe('getPaymentsConfig / requirePaymentsConfig (process environment)', () => {
  it('follows the environment and fails closed with a 503 for the functions', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.stubEnv('RAZORPAY_KEY_ID', '')
    vi.stubEnv('RAZORPAY_KEY_SECRET', '')
    vi.stubEnv('APP_ENV', '')
    vi.stubEnv('CONTEXT', '')
    expect(getPaymentsConfig().mode).toBe('sandbox')

    vi.stubEnv('CONTEXT', 'production')
    expect(() => getPaymentsConfig()).toThrow(PaymentsConfigError)
    let thrown: unknown
    try {
      requirePaymentsConfig()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ServiceError)
    expect(thrown).toMatchObject({kind: 'unavailable', status: 503, message: 'Payments are not configured'})
    expect(errors.mock.calls.flat().join(' ')).toMatch(/production requires/)

    vi.stubEnv('RAZORPAY_KEY_ID', ALL.RAZORPAY_KEY_ID)
    vi.stubEnv('RAZORPAY_KEY_SECRET', ALL.RAZORPAY_KEY_SECRET)
    vi.stubEnv('RAZORPAY_WEBHOOK_SECRET', ALL.RAZORPAY_WEBHOOK_SECRET)
    expect(requirePaymentsConfig()).toMatchObject({mode: 'razorpay', production: true})
  })
})
