/**
 * The one content client of the site. `fetchContent(query, params)` runs a query from
 * ./queries.ts and resolves to its generated result type.
 *
 * - Embedded default (no SANITY_PROJECT_ID): the seed dataset studio/seed/production.ndjson
 *   (SEED_FILE overrides; relative to the working directory: the repository root for npm
 *   scripts, /var/task on Netlify, where netlify.toml includes the file), read and parsed once
 *   per process (in development: again after the file changes) and queried in-process with groq-js;
 *   in production each distinct query result is computed once and shared (frozen) — the same GROQ as production, published
 *   documents only. Plain file reading keeps this module usable from the Netlify Functions,
 *   which esbuild bundles without Vite's `?raw` imports. The seed's `_sanityAsset` image and
 *   video markers become asset references and `sanity.imageAsset`/`sanity.fileAsset` documents
 *   (with dimensions and LQIP) as a real import makes them (seed-assets.server.ts).
 * - Real: @sanity/client against the Content Lake, published perspective, read from the live
 *   API (not Sanity's API CDN): pages are cached by Netlify's CDN until a publish purges them
 *   (lib/cache.server.ts), so the request after a purge must see the new content at once.
 * - Preview (only with a validated preview session, lib/preview.server.ts): the drafts
 *   perspective with the read token, no CDN, and stega-encoded display texts so the Studio's
 *   Presentation tool can draw its overlays. Never used for visitors.
 *
 * The choice is made once, here. Errors: a GROQ syntax error or a Content Lake failure
 * rejects the promise (the route's error boundary shows a 500 page).
 */
import {createClient, type ClientReturn, type QueryParams, type SanityClient} from '@sanity/client'
import {evaluate, parse, type ExprNode} from 'groq-js'
import {readFileSync, statSync} from 'node:fs'
import {resolve} from 'node:path'
import {getEnv} from '../env'
import {resolveSeedAssets, type SeedAssetIndex} from './seed-assets'

/** Where the seed dataset is read from (absolute path). */
export function seedFile(): string {
  return resolve(process.cwd(), getEnv().SEED_FILE)
}

function readSeed(): string {
  const file = seedFile()
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw new Error(`Seed dataset not readable at ${file} (run from the repository root or set SEED_FILE): ${(error as Error).message}`)
  }
}

export type ContentSource = 'seed' | 'sanity'

type Document = {_id: string; _type: string; [key: string]: unknown}

/** Parses an NDJSON export into published documents (drafts and blank lines dropped). */
export function parseNdjson(text: string): Document[] {
  const documents: Document[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.trim()) continue
    let document: Document
    try {
      document = JSON.parse(line)
    } catch {
      throw new Error(`Seed dataset line ${index + 1} is not valid JSON`)
    }
    if (document._id.startsWith('drafts.') || document._id.startsWith('versions.')) continue
    documents.push(document)
  }
  return documents
}

type SeedState = {documents: Document[]; assets: SeedAssetIndex}

let seedState: Promise<SeedState> | undefined
let seedModified: number | undefined
const parsedQueries = new Map<string, ExprNode>()

async function loadSeed(): Promise<SeedState> {
  const {documents, index} = await resolveSeedAssets(parseNdjson(readSeed()), seedFile())
  return {documents, assets: index}
}

/**
 * The seed's documents (asset markers resolved) and its asset index: read once per process in
 * production; in development (`npm run dev`) read again whenever the file's modification time
 * changes, so an edit to the seed file shows on the next request.
 */
function loadedSeed(): Promise<SeedState> {
  const production = getEnv().NODE_ENV === 'production'
  if (seedState && production) return seedState
  if (!production) {
    let modified: number | undefined
    try {
      modified = statSync(seedFile()).mtimeMs
    } catch {
      modified = undefined // readSeed() below reports the missing file
    }
    if (seedState && modified === seedModified) return seedState
    seedModified = modified
  }
  const loading = loadSeed()
  seedState = loading
  // A failed read is not kept: the next request tries again.
  loading.catch(() => {
    if (seedState === loading) seedState = undefined
  })
  return loading
}

async function seedDataset(): Promise<Document[]> {
  return (await loadedSeed()).documents
}

/**
 * The embedded seed's images and videos by storage path and by file name (for the local image
 * endpoint, netlify/functions/images.ts): only files the seed references, in its assets folder.
 */
export async function seedAssetIndex(): Promise<SeedAssetIndex> {
  return (await loadedSeed()).assets
}

/** Most distinct (query, params) results kept per process; params come from URLs, so the memo is bounded. */
export const SEED_RESULT_MEMO_SIZE = 500
const seedResults = new Map<string, unknown>()

/** Freezes a query result (and everything in it): memoised results are shared by every request. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

async function fetchFromSeed(query: string, params: QueryParams): Promise<unknown> {
  // Production: the seed never changes in a process, so a query's result is computed once
  // (no per-request work that could be done once). Results are frozen and shared.
  if (getEnv().NODE_ENV === 'production') {
    const key = `${query}\u0000${JSON.stringify(params)}`
    if (seedResults.has(key)) return seedResults.get(key)
    const result = deepFreeze(await evaluateOnSeed(query, params))
    if (seedResults.size >= SEED_RESULT_MEMO_SIZE) seedResults.delete(seedResults.keys().next().value as string)
    seedResults.set(key, result)
    return result
  }
  return evaluateOnSeed(query, params)
}

async function evaluateOnSeed(query: string, params: QueryParams): Promise<unknown> {
  const dataset = await seedDataset()
  let tree = parsedQueries.get(query)
  if (!tree) {
    // Parameters are bound at evaluation, so one parsed tree serves every call.
    tree = parse(query)
    parsedQueries.set(query, tree)
  }
  const result = await evaluate(tree, {dataset, params})
  return result.get()
}

let sanityClient: SanityClient | undefined

/** The published-content client (one per process). */
export function getSanityClient(): SanityClient {
  if (sanityClient) return sanityClient
  const env = getEnv()
  sanityClient = createClient({
    projectId: env.SANITY_PROJECT_ID,
    dataset: env.SANITY_DATASET,
    apiVersion: env.SANITY_API_VERSION,
    token: env.SANITY_API_READ_TOKEN,
    useCdn: false,
    perspective: 'published',
  })
  return sanityClient
}

/**
 * Fields whose strings are stega-encoded in preview: display texts only. Names, ids, slugs,
 * keys, links and prices (numbers are never encoded) stay clean, because pages compare them or
 * put them in URLs.
 */
export const STEGA_FIELDS: ReadonlySet<string> = new Set([
  'eyebrow',
  'heading',
  'subheading',
  'title',
  'fullName',
  'description',
  'summary',
  'intro',
  'note',
  'quote',
  'footerBlurb',
  'tagline',
  'text',
  'body',
  'label',
  'question',
  'featuredHeading',
  'featuredSubheading',
  'whyChooseHeading',
  'locationsHeading',
  'locationsSubheading',
  'testimonialsHeading',
  'benefitsHeading',
  'categoryWhyHeading',
  'ctaHeading',
  'ctaBody',
])

/** The preview session a request carries (lib/preview.server.ts), or none for visitors. */
export type PreviewOptions = {studioUrl: string}

function previewClient({studioUrl}: PreviewOptions): SanityClient {
  return getSanityClient().withConfig({
    perspective: 'drafts',
    useCdn: false,
    stega: {
      enabled: true,
      studioUrl,
      filter: ({sourcePath, filterDefault, ...rest}) => {
        const field = [...sourcePath].reverse().find((segment) => typeof segment === 'string')
        return typeof field === 'string' && STEGA_FIELDS.has(field) && filterDefault({sourcePath, filterDefault, ...rest})
      },
    },
  })
}

/** Which source answers queries in this process. */
export function contentSource(): ContentSource {
  return getEnv().SANITY_PROJECT_ID ? 'sanity' : 'seed'
}

/**
 * Runs `query` (one of ./queries.ts) with `params` and resolves to its typed result.
 * A document that does not exist yields `null`, never an error. `preview` (a validated preview
 * session) switches to the drafts perspective; it is ignored for the seed dataset, which has
 * no drafts.
 */
export async function fetchContent<const Q extends string>(
  query: Q,
  params: QueryParams = {},
  {preview}: {preview?: PreviewOptions | null} = {},
): Promise<ClientReturn<Q, unknown>> {
  if (contentSource() === 'seed') return (await fetchFromSeed(query, params)) as ClientReturn<Q, unknown>
  const client = preview ? previewClient(preview) : getSanityClient()
  return client.fetch(query, params) as Promise<ClientReturn<Q, unknown>>
}
