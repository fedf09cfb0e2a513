/**
 * Project id and dataset of the studio, shared by sanity.config.ts and sanity.cli.ts.
 *
 * The browser build only sees `SANITY_STUDIO_*` variables (Vite replaces
 * `process.env.SANITY_STUDIO_*` at build time); the CLI and scripts run in Node and also read
 * the site's own `SANITY_PROJECT_ID` / `SANITY_DATASET`. Each read is wrapped because `process`
 * does not exist in the browser when a variable was not defined at build time.
 */
/** A variable's value, or undefined when unset, empty, or `process` is missing (browser). */
export function read(get: () => string | undefined): string | undefined {
  try {
    const value = get()
    return value ? value : undefined
  } catch {
    return undefined
  }
}

/** Placeholder id: lets offline commands (schema extract, typegen, seed validation, build) run. */
export const PLACEHOLDER_PROJECT_ID = 'local0000'

export const projectId = read(() => process.env.SANITY_STUDIO_PROJECT_ID) ?? read(() => process.env.SANITY_PROJECT_ID) ?? PLACEHOLDER_PROJECT_ID

export const dataset = read(() => process.env.SANITY_STUDIO_DATASET) ?? read(() => process.env.SANITY_DATASET) ?? 'production'

/**
 * Set `SANITY_OFFLINE` (any non-empty value) for CLI commands that must never reach sanity.io:
 * the config then uses a mock auth store instead of logging in.
 */
export const offline = Boolean(read(() => process.env.SANITY_OFFLINE))

/**
 * The site the Presentation tool shows (studio/presentation.ts): `SANITY_STUDIO_PREVIEW_ORIGIN`,
 * default http://localhost:8888 (the `npm run dev` server).
 */
export const previewOrigin = read(() => process.env.SANITY_STUDIO_PREVIEW_ORIGIN) ?? 'http://localhost:8888'
