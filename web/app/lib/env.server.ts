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
})

export type Env = z.infer<typeof EnvSchema>

let cached: Env | undefined

/** The validated environment. Throws an Error listing every invalid variable. */
export function getEnv(source: Record<string, string | undefined> = process.env): Env {
  if (cached && source === process.env) return cached
  const blankToUndefined = Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]))
  const parsed = EnvSchema.safeParse(blankToUndefined)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  if (source === process.env) cached = parsed.data
  return parsed.data
}

/**
 * The site's public origin for absolute links (canonical URLs, sitemap, robots.txt,
 * structured data): SITE_URL when set, otherwise the origin the request came in on. Never a
 * hard-coded host. Set SITE_URL in production so that every host the site answers on
 * (deploy previews, the netlify.app name) names the one public address.
 */
export function siteOrigin(request: Request, env: Pick<Env, 'SITE_URL'> = getEnv()): string {
  return env.SITE_URL ?? new URL(request.url).origin
}
