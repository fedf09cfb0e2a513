/**
 * Payment configuration: the variables' formats are PaymentsEnvSchema of the one environment
 * schema (netlify/platform/env.ts); this module adds the cross-variable,
 * fail-closed rules below. Validated once per distinct environment (the result is cached and
 * re-validated only when one of the payment or production variables changes).
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
import {
  DEFAULT_SANDBOX_SECRET,
  DeploymentEnvSchema,
  envFingerprint,
  EnvError,
  isProduction,
  parseEnvSection,
  PaymentsEnvSchema,
  type EnvSource,
} from '#netlify/platform/env'
import {ServiceError} from '../errors'

export {DEFAULT_SANDBOX_SECRET, isProduction}

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

/** The public message of every payment function when the configuration is unusable. */
export const NOT_CONFIGURED_MESSAGE = 'Payments are not configured'

export class PaymentsConfigError extends Error {
  constructor(reason: string) {
    super(`Payments configuration error: ${reason}`)
    this.name = 'PaymentsConfigError'
  }
}

/** The variables the configuration depends on: the payment ones and the production signals. */
const FINGERPRINTED = PaymentsEnvSchema.merge(DeploymentEnvSchema)

/** The payment variables of `source`, typed by PaymentsEnvSchema; a malformed one is a PaymentsConfigError naming it. */
function paymentsEnv(source?: EnvSource) {
  try {
    return parseEnvSection(PaymentsEnvSchema, source)
  } catch (error) {
    if (error instanceof EnvError) throw new PaymentsConfigError(error.issues.map(({variable, message}) => `${variable}: ${message}`).join('; '))
    throw error
  }
}

/**
 * Validates the payment variables of `source` (default: the process environment) with
 * PaymentsEnvSchema, then the rules above. Throws PaymentsConfigError with the reason (each
 * invalid variable named).
 */
export function parsePaymentsConfig(source?: EnvSource): PaymentsConfig {
  const env = paymentsEnv(source)
  const production = isProduction(source)
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
  const fingerprint = envFingerprint(FINGERPRINTED)
  if (cached?.fingerprint !== fingerprint) {
    let result: PaymentsConfig | PaymentsConfigError
    try {
      result = parsePaymentsConfig()
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
 * For the use cases: the configuration, or a ServiceError `unavailable` (503) 'Payments are not
 * configured' (the reason is logged, never sent to the client).
 */
export function requirePaymentsConfig(): PaymentsConfig {
  try {
    return getPaymentsConfig()
  } catch (error) {
    if (error instanceof PaymentsConfigError) {
      console.error(`[payments] refusing the request: ${error.message}`)
      throw new ServiceError('unavailable', NOT_CONFIGURED_MESSAGE)
    }
    throw error
  }
}

/** The sandbox is available: not production and no Razorpay keys. Otherwise its endpoints 404. */
export function sandboxAvailable(config: PaymentsConfig): boolean {
  return config.mode === 'sandbox' && !config.production
}

/**
 * Whether a stored order (or enrolment) was taken by the sandbox gateway (its `mode`): its
 * receipts and e-mails say so. The one reading of a stored mode outside the gateways.
 */
export function isSandboxOrder(order: {mode: PaymentsMode}): boolean {
  return order.mode === 'sandbox'
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
