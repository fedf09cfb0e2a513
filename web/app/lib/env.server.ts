/**
 * Server environment, validated once with zod when first read (at startup of the
 * server bundle). Unknown variables are ignored; invalid ones stop the process with a
 * message naming the variable.
 *
 * Content: with SANITY_PROJECT_ID set the site reads the Sanity Content Lake; without it,
 * the seed dataset in the repo (the embedded default). Drafts are only ever read in preview
 * (SANITY_API_READ_TOKEN + SANITY_PREVIEW_SECRET, see lib/preview.server.ts).
 */
import {z} from 'zod'

/**
 * Whether this process is production (issue 3's fail-closed rule, the project's one definition):
 * APP_ENV or CONTEXT say production, or it runs on Netlify's deployed runtime (AWS Lambda:
 * AWS_LAMBDA_FUNCTION_NAME or LAMBDA_TASK_ROOT) without the explicit PAYMENTS_SANDBOX=allowed
 * opt-in of a non-production deploy context. NODE_ENV is not used: `npm start` sets it to
 * "production" for every local run. Production requires real payments and admin secrets,
 * requires SITE_URL and sends HSTS.
 */
export function isProduction(source: Readonly<Record<string, unknown>> = process.env): boolean {
  if (source.CONTEXT === 'production' || source.APP_ENV === 'production') return true
  const deployed = Boolean(source.AWS_LAMBDA_FUNCTION_NAME || source.LAMBDA_TASK_ROOT)
  return deployed && source.PAYMENTS_SANDBOX !== 'allowed'
}

/** A per-client limit: at most `count` hits per `windowSeconds`. */
export type RateLimitSpec = {count: number; windowSeconds: number}

const WINDOW_UNITS = {s: 1, m: 60, h: 3600, d: 86400} as const

/**
 * Parses `<count>/<window>` (issue 12, finding 6): a positive integer count and a window of a
 * positive integer with a unit s, m, h or d, e.g. "5/10m", "30/1h". Returns null when malformed.
 */
export function parseRateLimitSpec(value: string): RateLimitSpec | null {
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*([smhd])\s*$/.exec(value)
  if (!match) return null
  const count = Number(match[1])
  const windowSeconds = Number(match[2]) * WINDOW_UNITS[match[3] as keyof typeof WINDOW_UNITS]
  return count >= 1 && windowSeconds >= 1 ? {count, windowSeconds} : null
}

/**
 * The per-client limits and their production defaults. Each is read from
 * `RATE_LIMIT_<NAME>=<count>/<window>` (e.g. RATE_LIMIT_CONTACT=5/10m); later limits follow the
 * same scheme: add them here and to the README's API section.
 */
export const RATE_LIMIT_DEFAULTS = {
  CONTACT: '5/10m',
  CREATE_ORDER: '20/10m',
  UPLOAD_START: '30/1h',
  LOGIN: '5/15m',
} as const

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS

const rateLimitVariable = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const spec = parseRateLimitSpec(value)
      if (!spec) {
        ctx.addIssue({code: z.ZodIssueCode.custom, message: `must be <count>/<window> such as ${fallback} (window units s, m, h, d)`})
        return z.NEVER
      }
      return spec
    })

const rateLimitVariables = Object.fromEntries(
  Object.entries(RATE_LIMIT_DEFAULTS).map(([name, fallback]) => [`RATE_LIMIT_${name}`, rateLimitVariable(fallback)]),
) as {[K in RateLimitName as `RATE_LIMIT_${K}`]: ReturnType<typeof rateLimitVariable>}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SANITY_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'SANITY_PROJECT_ID must be a Sanity project id (lower-case letters, digits, dashes)')
    .optional(),
  SANITY_DATASET: z.string().regex(/^[a-z0-9_-]{1,64}$/).default('production'),
  SANITY_API_VERSION: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).default('2025-02-19'),
  SANITY_API_READ_TOKEN: z.string().min(1).optional(),
  /**
   * Signs the preview cookie (web/app/lib/preview.server.ts). Previews are switched on only
   * when this, SANITY_PROJECT_ID and SANITY_API_READ_TOKEN (a Viewer token) are all set.
   */
  SANITY_PREVIEW_SECRET: z.string().min(32, 'SANITY_PREVIEW_SECRET must be at least 32 characters').optional(),
  /** Absolute origin used for canonical URLs, e.g. https://www.example.com (no trailing slash). */
  SITE_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  ...rateLimitVariables,
  // Read only to decide production (isProduction); their values are free text.
  APP_ENV: z.string().optional(),
  CONTEXT: z.string().optional(),
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  LAMBDA_TASK_ROOT: z.string().optional(),
  PAYMENTS_SANDBOX: z.string().optional(),
}).superRefine((env, ctx) => {
  // Issue 12, finding 11: production never builds absolute URLs from the request's Host header.
  if (!env.SITE_URL && isProduction(env)) {
    ctx.addIssue({code: z.ZodIssueCode.custom, path: ['SITE_URL'], message: 'SITE_URL is required in production (the public origin, e.g. https://www.example.com)'})
  }
})

export type Env = z.infer<typeof EnvSchema>

const VARIABLES = Object.keys(EnvSchema.innerType().shape)

let cached: {fingerprint: string; env: Env} | undefined

/**
 * The validated environment. Throws an Error listing every invalid variable by name. Reading
 * process.env is cached until one of the variables changes (tests change them at run time).
 */
export function getEnv(source: Record<string, string | undefined> = process.env): Env {
  const fingerprint = source === process.env ? JSON.stringify(VARIABLES.map((name) => source[name] ?? null)) : null
  if (fingerprint !== null && cached?.fingerprint === fingerprint) return cached.env
  const blankToUndefined = Object.fromEntries(VARIABLES.map((k) => [k, source[k] === '' ? undefined : source[k]]))
  const parsed = EnvSchema.safeParse(blankToUndefined)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  if (fingerprint !== null) cached = {fingerprint, env: parsed.data}
  return parsed.data
}

/** The limit named `name` (RATE_LIMIT_<NAME>, else its production default). Throws like getEnv. */
export function rateLimitOf(name: RateLimitName, env: Env = getEnv()): RateLimitSpec {
  return env[`RATE_LIMIT_${name}`]
}

/**
 * The site's public origin for absolute links (canonical URLs, sitemap, robots.txt,
 * structured data): SITE_URL when set, otherwise (outside production only: getEnv refuses a
 * production environment without SITE_URL, issue 12 finding 11) the origin the request came in
 * on. Never a hard-coded host.
 */
export function siteOrigin(request: Request, env: Pick<Env, 'SITE_URL'> = getEnv()): string {
  return env.SITE_URL ?? new URL(request.url).origin
}
