/**
 * Payment configuration, validated with zod (once per distinct environment; the result is
 * cached and re-validated only when one of the variables below changes).
 *
 * - Mode "razorpay" when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are both set; "sandbox"
 *   (the embedded default: local orders, signatures keyed with RAZORPAY_SANDBOX_SECRET) when
 *   neither is. Only one of the two set is a configuration error, never a silent sandbox.
 * - Production (real payments required) is: `APP_ENV=production`; or `CONTEXT=production`;
 *   or ANY run on Netlify's deployed runtime (AWS Lambda: AWS_LAMBDA_FUNCTION_NAME or
 *   LAMBDA_TASK_ROOT is set) — Netlify does not expose the build-time CONTEXT to functions at
 *   run time, so a deployed site counts as production unless a non-production deploy context
 *   opts in with `PAYMENTS_SANDBOX=allowed` (set per context in Netlify's UI; ignored when
 *   APP_ENV or CONTEXT say production). NODE_ENV is not used: the local server sets it to
 *   "production" for every run.
 * - FAIL CLOSED: in production the Razorpay keys AND the webhook secret are required; without
 *   them getPaymentsConfig() throws PaymentsConfigError and every payment function answers
 *   503 {error: 'Payments are not configured'} (see requirePaymentsConfig). Production never
 *   runs the sandbox.
 */
import {z} from 'zod'
import {isProduction} from '../../../web/app/lib/env.server'
import {HttpError} from '../http'

export {isProduction}

export type PaymentsMode = 'razorpay' | 'sandbox'

export type PaymentsConfig = {
  mode: PaymentsMode
  production: boolean
  /** Razorpay key id (checkout `key`); null in sandbox mode. */
  keyId: string | null
  /** Razorpay key secret; null in sandbox mode. */
  keySecret: string | null
  /** Secret of the webhook (Razorpay dashboard); null when not configured. */
  webhookSecret: string | null
  /** Secret the sandbox signs with (default "sandbox_secret"). */
  sandboxSecret: string
}

/** The key id the checkout receives in sandbox mode. */
export const SANDBOX_KEY_ID = 'rzp_sandbox'
export const DEFAULT_SANDBOX_SECRET = 'sandbox_secret'

/** The public message of every payment function when the configuration is unusable. */
export const NOT_CONFIGURED_MESSAGE = 'Payments are not configured'

export class PaymentsConfigError extends Error {
  constructor(reason: string) {
    super(`Payments configuration error: ${reason}`)
    this.name = 'PaymentsConfigError'
  }
}

const VARIABLES = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'RAZORPAY_SANDBOX_SECRET',
  'CONTEXT',
  'APP_ENV',
  'AWS_LAMBDA_FUNCTION_NAME',
  'LAMBDA_TASK_ROOT',
  'PAYMENTS_SANDBOX',
] as const

const optionalSecret = z.string().trim().min(1).optional()

const PaymentsEnvSchema = z.object({
  RAZORPAY_KEY_ID: z
    .string()
    .trim()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: optionalSecret,
  RAZORPAY_WEBHOOK_SECRET: optionalSecret,
  RAZORPAY_SANDBOX_SECRET: z.string().min(1).default(DEFAULT_SANDBOX_SECRET),
  CONTEXT: z.string().optional(),
  APP_ENV: z.string().optional(),
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  LAMBDA_TASK_ROOT: z.string().optional(),
  PAYMENTS_SANDBOX: z.string().optional(),
})

/** Validates the payment variables of `source`. Throws PaymentsConfigError with the reason. */
export function parsePaymentsConfig(source: Record<string, string | undefined>): PaymentsConfig {
  const blankToUndefined = Object.fromEntries(VARIABLES.map((name) => [name, source[name] === '' ? undefined : source[name]]))
  const parsed = PaymentsEnvSchema.safeParse(blankToUndefined)
  if (!parsed.success) {
    throw new PaymentsConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '))
  }
  const env = parsed.data
  const production = isProduction(env)
  if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
    throw new PaymentsConfigError('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together')
  }
  const mode: PaymentsMode = env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET ? 'razorpay' : 'sandbox'
  if (production) {
    const missing = (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const).filter((name) => !env[name])
    if (missing.length > 0) {
      throw new PaymentsConfigError(`production requires ${missing.join(', ')} (the sandbox never runs in production)`)
    }
  }
  return {
    mode,
    production,
    keyId: mode === 'razorpay' ? (env.RAZORPAY_KEY_ID ?? null) : null,
    keySecret: mode === 'razorpay' ? (env.RAZORPAY_KEY_SECRET ?? null) : null,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? null,
    sandboxSecret: env.RAZORPAY_SANDBOX_SECRET,
  }
}

let cached: {fingerprint: string; result: PaymentsConfig | PaymentsConfigError} | undefined

/**
 * The payment configuration of this process. Throws PaymentsConfigError (the same error on
 * every call until the environment changes).
 */
export function getPaymentsConfig(): PaymentsConfig {
  const fingerprint = JSON.stringify(VARIABLES.map((name) => process.env[name] ?? null))
  if (cached?.fingerprint !== fingerprint) {
    let result: PaymentsConfig | PaymentsConfigError
    try {
      result = parsePaymentsConfig(process.env)
      if (result.production && result.keyId?.startsWith('rzp_test_')) {
        console.warn('[payments] production runs with Razorpay TEST keys: no real money is collected')
      }
    } catch (error) {
      if (!(error instanceof PaymentsConfigError)) throw error
      result = error
      console.error(`[payments] ${error.message}`)
    }
    cached = {fingerprint, result}
  }
  if (cached.result instanceof PaymentsConfigError) throw cached.result
  return cached.result
}

/**
 * For the functions: the configuration, or an HttpError 503 'Payments are not configured'
 * (the reason is logged, never sent to the client).
 */
export function requirePaymentsConfig(): PaymentsConfig {
  try {
    return getPaymentsConfig()
  } catch (error) {
    if (error instanceof PaymentsConfigError) {
      console.error(`[payments] refusing the request: ${error.message}`)
      throw new HttpError(503, NOT_CONFIGURED_MESSAGE)
    }
    throw error
  }
}

/** The sandbox is available: not production and no Razorpay keys. Otherwise its endpoints 404. */
export function sandboxAvailable(config: PaymentsConfig): boolean {
  return config.mode === 'sandbox' && !config.production
}

let reported = false

/**
 * Validates the configuration when a payment function is loaded (at startup), so a broken
 * production configuration shows in the logs before the first payer meets the 503. Never throws.
 */
export function reportPaymentsConfigAtStartup(): void {
  if (reported) return
  reported = true
  try {
    const config = getPaymentsConfig()
    console.info(`[payments] mode ${config.mode}${config.production ? ' (production)' : ''}${config.webhookSecret ? '' : ', webhooks not configured'}`)
  } catch {
    // Logged by getPaymentsConfig; every payment function answers 503 until it is fixed.
  }
}
