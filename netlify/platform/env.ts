/**
 * The server environment: EVERY environment variable the site reads — the pages,
 * the Netlify Functions, the local server (web/server.ts) and the scripts (netlify/scripts) —
 * is declared here, once, with its format, its default and a message naming it. The one schema,
 * EnvSchema, is composed of named sections (ContentEnvSchema, DeploymentEnvSchema,
 * RateLimitEnvSchema, PaymentsEnvSchema, AdminEnvSchema, ExamDrawEnvSchema, MailEnvSchema,
 * SanityWebhookEnvSchema, BackupEnvSchema, LocalEnvSchema); nothing outside this module reads `process.env` (tests/unit/env.test.ts
 * scans web/app and netlify for it).
 *
 * - getEnv(): the whole environment, validated at start-up — by web/server.ts before it serves
 *   (after reading ./.env), at module scope of web/app/entry.server.tsx (the page function), and
 *   by handle() of netlify/platform/http.ts as each function's module loads. An invalid variable
 *   stops the start with an EnvError naming it. Unknown variables are ignored; blank ones count
 *   as unset.
 * - parseEnvSection(schema, source): one section alone, for the configurations whose
 *   cross-variable, fail-closed production rules answer 503 at request time instead
 *   (netlify/platform/payments/config.ts, netlify/services/admin/config.ts, netlify/services/exams/attempts/keys.ts): they validate their section
 *   with these very schemas, then apply their rules (netlify/platform/mail-transport.ts likewise holds
 *   mail in the outbox instead of sending it when production lacks MAIL_FROM).
 *
 * Content: with SANITY_PROJECT_ID set the site reads the Sanity Content Lake; without it,
 * the seed dataset in the repo (the embedded default). Drafts are only ever read in preview
 * (SANITY_API_READ_TOKEN + SANITY_PREVIEW_SECRET, see lib/preview.server.ts).
 */
import {z} from 'zod'
import {parsePasswordHash} from '#netlify/platform/password'
import {parseMailAddressList, parseMailbox, type Mailbox} from '#schemas/contracts/mail'

/** Variables as the process gives them: names to strings (process.env, or a test's object). */
export type EnvSource = Readonly<Record<string, string | undefined>>

/**
 * Whether this process is production (the fail-closed rule, the project's one definition):
 * APP_ENV or CONTEXT say production, or it runs on Netlify's deployed runtime (AWS Lambda:
 * AWS_LAMBDA_FUNCTION_NAME or LAMBDA_TASK_ROOT) without the explicit PAYMENTS_SANDBOX=allowed
 * opt-in of a non-production deploy context. NODE_ENV is not used: `npm start` sets it to
 * "production" for every local run. Production requires real payments and admin secrets,
 * requires SITE_URL and sends HSTS. Never throws (reads the raw signals, free text).
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
 * Parses `<count>/<window>`: a positive integer count and a window of a
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
  /** Failed staff logins per account and client (successes never count). */
  LOGIN: '5/15m',
  /** Failed staff logins per client, whatever the account. */
  LOGIN_CLIENT: '20/15m',
  /** Certificate look-ups per client (GET /api/verify and the /verify pages), so the register cannot be enumerated. */
  VERIFY: '20/10m',
  /** Staff password reset links asked for one address (whoever asks). */
  PASSWORD_RESET: '5/1h',
  /** Staff password reset links asked for by one client, whatever the address. */
  PASSWORD_RESET_CLIENT: '20/1h',
  /** My training's sign-in links asked for by one client, whatever the address. */
  SIGN_IN_LINK: '20/10m',
  /** My training's sign-in links asked for one address (whoever asks). */
  SIGN_IN_LINK_ADDRESS: '5/1h',
} as const

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS

const rateLimitVariable = (name: RateLimitName) =>
  z
    .string()
    .default(RATE_LIMIT_DEFAULTS[name])
    .transform((value, ctx) => {
      const spec = parseRateLimitSpec(value)
      if (!spec) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `RATE_LIMIT_${name} must be <count>/<window> such as ${RATE_LIMIT_DEFAULTS[name]} (window units s, m, h, d)`,
        })
        return z.NEVER
      }
      return spec
    })

const rateLimitVariables = Object.fromEntries(
  (Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[]).map((name) => [`RATE_LIMIT_${name}`, rateLimitVariable(name)]),
) as {[K in RateLimitName as `RATE_LIMIT_${K}`]: ReturnType<typeof rateLimitVariable>}

/** A signal read only for its presence or one value (isProduction, onNetlify): free text. */
const signal = () => z.string().optional()

/** Whitespace-only counts as unset (the administrator variables, as before). */
const unsetWhenBlank = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())

/** A TCP port number 0–65535 (0: any free port), as a number. */
const port = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, `${name} must be a port number (0–65535)`)
    .transform(Number)
    .refine((value) => value <= 65535, `${name} must be a port number (0–65535)`)

/** Content: the Sanity Content Lake (else the seed dataset), previews, canonical URLs. */
export const ContentEnvSchema = z.object({
  SANITY_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'SANITY_PROJECT_ID must be a Sanity project id (lower-case letters, digits, dashes)')
    .optional(),
  SANITY_DATASET: z
    .string()
    .regex(/^[a-z0-9_-]{1,64}$/, 'SANITY_DATASET must be a dataset name (1–64 lower-case letters, digits, _ or -)')
    .default('production'),
  SANITY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'SANITY_API_VERSION must be a date YYYY-MM-DD')
    .default('2025-02-19'),
  /** A Viewer token: previews read drafts with it (never visitors). */
  SANITY_API_READ_TOKEN: z.string().min(1).optional(),
  /**
   * Signs the preview cookie (web/app/lib/preview.server.ts). Previews are switched on only
   * when this, SANITY_PROJECT_ID and SANITY_API_READ_TOKEN (a Viewer token) are all set.
   */
  SANITY_PREVIEW_SECRET: z.string().min(32, 'SANITY_PREVIEW_SECRET must be at least 32 characters').optional(),
  /** Absolute origin used for canonical URLs, e.g. https://www.example.com (no trailing slash). */
  SITE_URL: z
    .string()
    .url('SITE_URL must be an absolute URL such as https://www.example.com')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** The seed dataset (embedded content), relative to the working directory. */
  SEED_FILE: z.string().default('studio/seed/production.ndjson'),
})

/**
 * Build mode and the production signals. NODE_ENV is the build/run mode (Vite, React; the seed
 * is re-read after edits outside "production"), never a production signal; APP_ENV, CONTEXT,
 * AWS_LAMBDA_FUNCTION_NAME, LAMBDA_TASK_ROOT and PAYMENTS_SANDBOX are read only by
 * isProduction (free text).
 */
export const DeploymentEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], {message: 'NODE_ENV must be development, production or test'}).default('development'),
  APP_ENV: signal(),
  CONTEXT: signal(),
  AWS_LAMBDA_FUNCTION_NAME: signal(),
  LAMBDA_TASK_ROOT: signal(),
  PAYMENTS_SANDBOX: signal(),
})

/** The per-client limits, RATE_LIMIT_<NAME> (RATE_LIMIT_DEFAULTS), each as a RateLimitSpec. */
export const RateLimitEnvSchema = z.object(rateLimitVariables)

/** The secret the payment sandbox signs with when RAZORPAY_SANDBOX_SECRET is unset. */
export const DEFAULT_SANDBOX_SECRET = 'sandbox_secret'

const optionalSecret = (name: string) => z.string().trim().min(1, `${name} must not be blank`).optional()

/**
 * Payments (netlify/platform/payments/config.ts): each variable's format. Which of them production
 * requires, and that the key id and secret go together, are that module's rules (a 503).
 */
export const PaymentsEnvSchema = z.object({
  RAZORPAY_KEY_ID: z
    .string()
    .trim()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: optionalSecret('RAZORPAY_KEY_SECRET'),
  RAZORPAY_WEBHOOK_SECRET: optionalSecret('RAZORPAY_WEBHOOK_SECRET'),
  RAZORPAY_SANDBOX_SECRET: z.string().min(1).default(DEFAULT_SANDBOX_SECRET),
})

/** The least length of SESSION_SECRET (characters). */
export const MIN_SESSION_SECRET_LENGTH = 32

/**
 * The administrator (netlify/services/admin/config.ts): each variable's format; whitespace-only
 * counts as unset. ADMIN_EMAIL comes out trimmed and lower-cased, ADMIN_PASSWORD_HASH parsed
 * (`scrypt$N$r$p$salt$hash`, netlify/platform/password.ts). Which of them production requires
 * (a hash, SESSION_SECRET; never a plain password) are that module's rules (a 503).
 */
export const AdminEnvSchema = z.object({
  ADMIN_EMAIL: unsetWhenBlank(z.string().transform((email) => email.trim().toLowerCase())),
  ADMIN_PASSWORD: unsetWhenBlank(z.string()),
  ADMIN_PASSWORD_HASH: unsetWhenBlank(
    z.string().transform((text, ctx) => {
      const hash = parsePasswordHash(text)
      if (!hash) {
        ctx.addIssue({code: z.ZodIssueCode.custom, message: 'ADMIN_PASSWORD_HASH is not a valid scrypt$N$r$p$salt$hash (run npm run admin:hash)'})
        return z.NEVER
      }
      return hash
    }),
  ),
  /** The HS256 key of the admin tokens. */
  SESSION_SECRET: unsetWhenBlank(z.string().min(MIN_SESSION_SECRET_LENGTH, `SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters`)),
})

/** The least length of EXAM_DRAW_SECRET and EXAM_DRAW_SECRET_PREVIOUS (characters). */
export const MIN_EXAM_DRAW_SECRET_LENGTH = 32

const examDrawSecret = (name: string) =>
  unsetWhenBlank(z.string().min(MIN_EXAM_DRAW_SECRET_LENGTH, `${name} must be at least ${MIN_EXAM_DRAW_SECRET_LENGTH} characters`))

/**
 * The keys of the signed exam draws (netlify/services/exams/attempts/keys.ts, docs/requirements.md#req-exam-variants);
 * whitespace-only counts as unset.
 * - EXAM_DRAW_SECRET: the HMAC-SHA256 key that signs every draw issued now. Required in
 *   production (starting an attempt answers 503 without it); elsewhere, unset, a random key kept
 *   in the local Blobs store is used, so attempts still verify after a restart.
 * - EXAM_DRAW_SECRET_PREVIOUS: the key before a rotation, still accepted when verifying, so
 *   attempts under way keep their draw; remove it once the longest attempt has ended.
 */
export const ExamDrawEnvSchema = z.object({
  EXAM_DRAW_SECRET: examDrawSecret('EXAM_DRAW_SECRET'),
  EXAM_DRAW_SECRET_PREVIOUS: examDrawSecret('EXAM_DRAW_SECRET_PREVIOUS'),
})

/** Whether `value` is an absolute smtp: or smtps: URL with a host (and nothing that could break a line). */
function isSmtpUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== ''
  } catch {
    return false
  }
}

/**
 * Outgoing e-mail (netlify/platform/mail-transport.ts), each variable's format; whitespace-
 * only counts as unset. An invalid value stops the start, in every environment (the messages
 * never echo the value: SMTP_URL may hold a password).
 * - SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when the server offers it), `smtps://…:465`
 *   (TLS from the start) or `smtp://127.0.0.1:2525` (a local relay without auth or TLS). Unset:
 *   the embedded default — every message stays in the outbox (Blobs), nothing leaves the machine.
 * - MAIL_FROM: the sender, `Name <address>` or a bare address, parsed into a Mailbox. Unset: the
 *   transport's default outside production; production then holds mail (transport.ts).
 * - STAFF_EMAIL: who receives the staff notices, one or more addresses separated by commas
 *   (at most 20), parsed into a list. Unset: the provider's contact e-mail from the site settings
 *   (netlify/services/mail/messages.ts, staffRecipients).
 */
export const MailEnvSchema = z.object({
  SMTP_URL: unsetWhenBlank(
    z.string().trim().refine(isSmtpUrl, 'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:pass@smtp.example.com:587 or smtp://127.0.0.1:2525'),
  ),
  MAIL_FROM: unsetWhenBlank(
    z.string().transform((text, ctx): Mailbox => {
      const mailbox = parseMailbox(text)
      if (!mailbox) {
        ctx.addIssue({code: z.ZodIssueCode.custom, message: 'MAIL_FROM must be a sender such as Maritime Training <no-reply@example.com> (one line)'})
        return z.NEVER
      }
      return mailbox
    }),
  ),
  STAFF_EMAIL: unsetWhenBlank(
    z.string().transform((text, ctx): string[] => {
      const addresses = parseMailAddressList(text)
      if (!addresses) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: 'STAFF_EMAIL must be one or more e-mail addresses separated by commas (at most 20), e.g. office@example.com, admissions@example.com',
        })
        return z.NEVER
      }
      return addresses
    }),
  ),
})

/**
 * The Sanity publish webhook (netlify/functions/sanity-webhook.ts): its secret (unset: the
 * webhook answers 503), and the signals that this process runs on Netlify (NETLIFY,
 * NETLIFY_PURGE_API_TOKEN, SITE_ID: free text, read for their presence).
 */
export const SanityWebhookEnvSchema = z.object({
  SANITY_WEBHOOK_SECRET: z.string().optional(),
  NETLIFY: signal(),
  NETLIFY_PURGE_API_TOKEN: signal(),
  SITE_ID: signal(),
})

/** The least size of a backup key (bytes, decoded). */
export const MIN_BACKUP_KEY_BYTES = 32

/** Whether `text` is standard or URL-safe base64 of at least MIN_BACKUP_KEY_BYTES bytes. */
export const isBackupKey = (text: string): boolean =>
  /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) && Buffer.from(text, /[-_]/.test(text) ? 'base64url' : 'base64').length >= MIN_BACKUP_KEY_BYTES

/**
 * Backups (netlify/services/backup/config.ts, docs/requirements.md#req-backups); whitespace-only
 * counts as unset. Production requires BACKUP_KEY and the S3 target (the backup job fails loudly
 * without them); elsewhere, unset, the archives go to the folder `backups/` beside BLOBS_DIR and a
 * key generated once is kept in `backups/.key`.
 * - BACKUP_KEY: base64 of at least 32 random bytes (`openssl rand -base64 32`); each archive's
 *   AES-256-GCM key is derived from it with HKDF-SHA256.
 * - BACKUP_KEY_PREVIOUS: earlier keys, comma-separated, still accepted by a restore after a rotation.
 * - BACKUP_DIR: the folder target instead of `backups/` beside BLOBS_DIR.
 * - BACKUP_S3_*: an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO); with
 *   BACKUP_S3_BUCKET set, archives go there. BACKUP_S3_PREFIX (default `backups/`) is the key prefix.
 */
export const BackupEnvSchema = z.object({
  BACKUP_KEY: unsetWhenBlank(z.string().trim().refine(isBackupKey, 'BACKUP_KEY must be base64 of at least 32 random bytes (openssl rand -base64 32)')),
  BACKUP_KEY_PREVIOUS: unsetWhenBlank(
    z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .refine((keys) => keys.every(isBackupKey), 'BACKUP_KEY_PREVIOUS must be comma-separated base64 keys of at least 32 bytes each'),
  ),
  BACKUP_DIR: unsetWhenBlank(z.string()),
  BACKUP_S3_ENDPOINT: unsetWhenBlank(z.string().url('BACKUP_S3_ENDPOINT must be an absolute URL such as https://<account>.r2.cloudflarestorage.com')),
  BACKUP_S3_BUCKET: unsetWhenBlank(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,62}$/, 'BACKUP_S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots, dashes)'),
  ),
  BACKUP_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'BACKUP_S3_REGION must be a region such as eu-west-1 or auto')
    .default('us-east-1'),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'BACKUP_S3_PREFIX must be empty or folders ending with / such as backups/')
    .default('backups/'),
  BACKUP_S3_ACCESS_KEY_ID: unsetWhenBlank(z.string()),
  BACKUP_S3_SECRET_ACCESS_KEY: unsetWhenBlank(z.string()),
})

/**
 * Local serving (web/server.ts) and the scripts (netlify/scripts): PORT (default 8888), the
 * Blobs emulation's files (BLOBS_DIR), port and token (BLOBS_PORT, BLOBS_TOKEN: for tests);
 * the Blobs a script works on (NETLIFY_BLOBS_CONTEXT as Netlify sets it, else NETLIFY_SITE_ID +
 * NETLIFY_AUTH_TOKEN for the deployed site's).
 */
export const LocalEnvSchema = z.object({
  PORT: port('PORT').default('8888'),
  BLOBS_DIR: z.string().default('.netlify/blobs-serve'),
  BLOBS_PORT: port('BLOBS_PORT').optional(),
  BLOBS_TOKEN: z.string().optional(),
  NETLIFY_BLOBS_CONTEXT: signal(),
  NETLIFY_SITE_ID: z.string().optional(),
  NETLIFY_AUTH_TOKEN: z.string().optional(),
})

/** The sections of EnvSchema by name (documentation, tests). */
export const ENV_SECTIONS = {
  content: ContentEnvSchema,
  deployment: DeploymentEnvSchema,
  rateLimits: RateLimitEnvSchema,
  payments: PaymentsEnvSchema,
  admin: AdminEnvSchema,
  examDraw: ExamDrawEnvSchema,
  mail: MailEnvSchema,
  sanityWebhook: SanityWebhookEnvSchema,
  backup: BackupEnvSchema,
  local: LocalEnvSchema,
} as const

/**
 * The one schema of the environment: every section, plus the one cross-section rule that stops
 * the start (production never builds absolute URLs from the request's Host
 * header, so it requires SITE_URL). Payments' and the administrator's production rules answer 503
 * at request time instead (their modules).
 */
export const EnvSchema = ContentEnvSchema.merge(DeploymentEnvSchema)
  .merge(RateLimitEnvSchema)
  .merge(PaymentsEnvSchema)
  .merge(AdminEnvSchema)
  .merge(ExamDrawEnvSchema)
  .merge(MailEnvSchema)
  .merge(SanityWebhookEnvSchema)
  .merge(BackupEnvSchema)
  .merge(LocalEnvSchema)
  .superRefine((env, ctx) => {
    if (!env.SITE_URL && isProduction(env)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['SITE_URL'],
        message: 'SITE_URL is required in production (the public origin, e.g. https://www.example.com)',
      })
    }
  })

/** The validated environment: every variable typed, defaults applied. */
export type Env = z.infer<typeof EnvSchema>

/** Every variable of the one schema, by name. */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.innerType().shape)

/** One problem: the variable and a message naming it. */
export type EnvIssue = {variable: string; message: string}

/**
 * An invalid environment. Its message, `Invalid environment: VARIABLE: message; …`, names every
 * invalid variable; `issues` lists them.
 */
export class EnvError extends Error {
  constructor(readonly issues: readonly EnvIssue[]) {
    super(`Invalid environment: ${issues.map(({variable, message}) => `${variable}: ${message}`).join('; ')}`)
    this.name = 'EnvError'
  }
}

/** The values of `names` in `source`, blank ("") as unset. */
function valuesOf(names: readonly string[], source: EnvSource): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, source[name] === '' ? undefined : source[name]]))
}

function envError(error: z.ZodError): EnvError {
  return new EnvError(error.issues.map((issue) => ({variable: issue.path.join('.'), message: issue.message})))
}

/**
 * The values of `schema`'s variables in `source` as one string: a cache key that changes when
 * one of them does (tests change process.env at run time).
 */
export function envFingerprint(schema: z.AnyZodObject, source: EnvSource = process.env): string {
  return JSON.stringify(Object.keys(schema.shape).map((name) => source[name] ?? null))
}

/**
 * One section of the environment (e.g. PaymentsEnvSchema), validated alone: its typed values.
 * Throws EnvError naming each invalid variable. For the configurations that answer 503 rather
 * than stop the start; everything else reads getEnv().
 */
export function parseEnvSection<S extends z.AnyZodObject>(schema: S, source: EnvSource = process.env): z.output<S> {
  const parsed = schema.safeParse(valuesOf(Object.keys(schema.shape), source))
  if (!parsed.success) throw envError(parsed.error)
  return parsed.data
}

let cached: {fingerprint: string; env: Env} | undefined

/**
 * The validated environment (EnvSchema). Throws EnvError, naming every invalid variable. Reading
 * process.env is cached until one of the variables changes (tests change them at run time).
 */
export function getEnv(source: EnvSource = process.env): Env {
  const fingerprint = source === process.env ? JSON.stringify(ENV_VARIABLES.map((name) => source[name] ?? null)) : null
  if (fingerprint !== null && cached?.fingerprint === fingerprint) return cached.env
  const parsed = EnvSchema.safeParse(valuesOf(ENV_VARIABLES, source))
  if (!parsed.success) throw envError(parsed.error)
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
 * production environment without SITE_URL) the origin the request came in
 * on. Never a hard-coded host.
 */
export function siteOrigin(request: Request, env: Pick<Env, 'SITE_URL'> = getEnv()): string {
  return env.SITE_URL ?? new URL(request.url).origin
}

/**
 * The site's public origin where no request is at hand (links in e-mails written by a webhook
 * or a scheduled job): SITE_URL when set (always in production), otherwise the local
 * server's `http://localhost:{PORT}`.
 */
export function publicOrigin(env: Pick<Env, 'SITE_URL' | 'PORT'> = getEnv()): string {
  return env.SITE_URL ?? `http://localhost:${env.PORT}`
}
