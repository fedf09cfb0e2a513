/**
 * The embedded seed's images and videos as a real dataset has them
 * (docs/requirements.md#req-issue-19-embedded-assets).
 *
 * The seed (studio/seed/production.ndjson) references its files the way `sanity dataset import`
 * expects: an image field `{_sanityAsset: "image@file://./assets/home-hero.jpg", alt, hotspot…}`
 * (and `file@file://./assets/home-hero.mp4` for a file field), relative to the seed file. A
 * real import uploads each file and replaces the marker with `asset: {_ref: "image-<sha1>-<w>x<h>-<ext>"}`
 * pointing at a `sanity.imageAsset` document with `url` and `metadata{dimensions, lqip}`.
 *
 * `resolveSeedAssets` does the same in memory, at load time: sha1 of the bytes (Sanity's asset
 * id), dimensions and a ~20 px wide blurred LQIP data URL made with sharp, and an asset URL under
 * this site's own origin: `/cdn/images/local/production/<sha1>-<w>x<h>.<ext>` (images) and
 * `/cdn/files/local/production/<sha1>.<ext>` (files) — Sanity's CDN path shapes, served by
 * netlify/functions/images.ts. Each file is read once per process (cached by path, size and
 * modification time).
 *
 * Only files directly in the `assets` folder next to the seed file, with a plain name and a
 * known extension, are ever read; a marker naming anything else, or a missing or unreadable file,
 * drops the reference (the page shows its fallback) and is reported once on the console.
 */
import {createHash} from 'node:crypto'
import {readFile, stat} from 'node:fs/promises'
import {dirname, join, resolve, sep} from 'node:path'
import sharp from 'sharp'

/** The local "CDN" the seed's asset URLs point at (root-relative: any origin serves them). */
export const LOCAL_CDN_BASE = '/cdn'
/** Project id and dataset in local asset URLs (Sanity's URL shape needs both). */
export const LOCAL_PROJECT_ID = 'local'
export const LOCAL_DATASET = 'production'

/** Width of the LQIP placeholder, like Sanity's (20 px). */
export const LQIP_WIDTH = 20

/** File types the seed may ship, by extension: kind and Content-Type. */
export const SEED_FILE_TYPES = {
  jpg: {kind: 'image', mimeType: 'image/jpeg'},
  jpeg: {kind: 'image', mimeType: 'image/jpeg'},
  png: {kind: 'image', mimeType: 'image/png'},
  webp: {kind: 'image', mimeType: 'image/webp'},
  avif: {kind: 'image', mimeType: 'image/avif'},
  svg: {kind: 'image', mimeType: 'image/svg+xml'},
  mp4: {kind: 'file', mimeType: 'video/mp4'},
  webm: {kind: 'file', mimeType: 'video/webm'},
} as const satisfies Record<string, {kind: 'image' | 'file'; mimeType: string}>

export type SeedFileExtension = keyof typeof SEED_FILE_TYPES

/** A plain file name in the assets folder: lower-case letters, digits, dashes, one extension. */
const ASSET_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.([a-z0-9]{2,5})$/
/** The marker of `sanity dataset import`: "image@file://./assets/<name>" or "file@file://./assets/<name>". */
const MARKER = /^(image|file)@file:\/\/\.\/assets\/(.+)$/

/** One uploaded file, as a `sanity.imageAsset` / `sanity.fileAsset` document plus where it lives. */
export type SeedAsset = {
  _id: string
  _type: 'sanity.imageAsset' | 'sanity.fileAsset'
  assetId: string
  sha1hash: string
  extension: string
  mimeType: string
  size: number
  originalFilename: string
  url: string
  /** Sanity's storage path: "images/<project>/<dataset>/<sha1>-<w>x<h>.<ext>" or "files/<project>/<dataset>/<sha1>.<ext>". */
  path: string
  metadata?: {
    _type: 'sanity.imageMetadata'
    dimensions: {_type: 'sanity.imageDimensions'; width: number; height: number; aspectRatio: number}
    lqip: string | null
    hasAlpha: boolean
  }
}

/** A seed asset with the absolute path of its file (never part of a document). */
export type IndexedAsset = {asset: SeedAsset; file: string}

/**
 * The assets of the seed by storage path ("images/local/production/<sha1>-<w>x<h>.<ext>", what
 * the endpoint looks up), and by their name in the assets folder.
 */
export type SeedAssetIndex = {byPath: Map<string, IndexedAsset>; byName: Map<string, IndexedAsset>}

type Document = {_id: string; _type: string; [key: string]: unknown}

const cache = new Map<string, Promise<SeedAsset>>()
const reported = new Set<string>()

function report(message: string): void {
  if (reported.has(message)) return
  reported.add(message)
  console.warn(`seed assets: ${message}`)
}

/**
 * The absolute path of asset `name` in `assetsDir`, or null when the name is not a plain file
 * name of a known type (so nothing outside the folder can ever be named).
 */
export function assetFile(assetsDir: string, name: string): string | null {
  const match = ASSET_NAME.exec(name)
  if (!match || !(match[1]! in SEED_FILE_TYPES)) return null
  const file = resolve(assetsDir, name)
  return dirname(file) === resolve(assetsDir) && file.startsWith(resolve(assetsDir) + sep) ? file : null
}

/** Reads and describes one file (sha1, size, dimensions, LQIP). Rejects when unreadable or not an image. */
async function describe(file: string, name: string, kind: 'image' | 'file'): Promise<SeedAsset> {
  const bytes = await readFile(file)
  const sha1hash = createHash('sha1').update(bytes).digest('hex')
  const extension = name.slice(name.lastIndexOf('.') + 1) as SeedFileExtension
  const {mimeType} = SEED_FILE_TYPES[extension]
  const common = {sha1hash, assetId: sha1hash, extension, mimeType, size: bytes.byteLength, originalFilename: name}
  if (kind === 'file') {
    const path = `files/${LOCAL_PROJECT_ID}/${LOCAL_DATASET}/${sha1hash}.${extension}`
    return {...common, _id: `file-${sha1hash}-${extension}`, _type: 'sanity.fileAsset', path, url: `${LOCAL_CDN_BASE}/${path}`}
  }
  const image = sharp(bytes)
  const meta = await image.metadata()
  const width = meta.autoOrient?.width ?? meta.width
  const height = meta.autoOrient?.height ?? meta.height
  if (!width || !height) throw new Error('no dimensions')
  const hasAlpha = Boolean(meta.hasAlpha)
  let lqip: string | null = null
  if (extension !== 'svg') {
    const tiny = sharp(bytes).rotate().resize(LQIP_WIDTH).blur(0.6)
    const buffer = hasAlpha ? await tiny.png({compressionLevel: 9}).toBuffer() : await tiny.jpeg({quality: 40}).toBuffer()
    lqip = `data:image/${hasAlpha ? 'png' : 'jpeg'};base64,${buffer.toString('base64')}`
  }
  const format = extension === 'jpeg' ? 'jpg' : extension
  const path = `images/${LOCAL_PROJECT_ID}/${LOCAL_DATASET}/${sha1hash}-${width}x${height}.${format}`
  return {
    ...common,
    _id: `image-${sha1hash}-${width}x${height}-${format}`,
    _type: 'sanity.imageAsset',
    path,
    url: `${LOCAL_CDN_BASE}/${path}`,
    metadata: {
      _type: 'sanity.imageMetadata',
      dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height},
      lqip,
      hasAlpha,
    },
  }
}

/** One asset, described once per process per (file, size, modification time). */
async function loadAsset(file: string, name: string, kind: 'image' | 'file'): Promise<SeedAsset> {
  const info = await stat(file)
  const key = `${file}\u0000${info.size}\u0000${info.mtimeMs}`
  let pending = cache.get(key)
  if (!pending) {
    pending = describe(file, name, kind)
    cache.set(key, pending)
    pending.catch(() => cache.delete(key))
  }
  return pending
}

/** Every `_sanityAsset` marker in a value, depth first. */
function collectMarkers(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectMarkers(item, found)
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '_sanityAsset' && typeof child === 'string') found.add(child)
      else collectMarkers(child, found)
    }
  }
}

/** Replaces markers in a value (a copy; the input is not changed). */
function replaceMarkers(value: unknown, assets: Map<string, SeedAsset | null>): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceMarkers(item, assets))
  if (!value || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) {
    if (key === '_sanityAsset' && typeof child === 'string') {
      const asset = assets.get(child)
      if (asset) out.asset = {_type: 'reference', _ref: asset._id}
      continue
    }
    out[key] = replaceMarkers(child, assets)
  }
  if (typeof out._type !== 'string' && 'asset' in out) out._type = (out.asset as {_ref: string})._ref.startsWith('file-') ? 'file' : 'image'
  return out
}

/**
 * The seed's documents as an imported dataset has them: every `_sanityAsset` marker replaced by
 * an asset reference, plus one asset document per distinct file; and the index the image
 * endpoint serves from. `seedFile` is the absolute path of the ndjson (its `assets` folder holds
 * the files).
 */
export async function resolveSeedAssets(documents: Document[], seedFile: string): Promise<{documents: Document[]; index: SeedAssetIndex}> {
  const assetsDir = join(dirname(seedFile), 'assets')
  const markers = new Set<string>()
  collectMarkers(documents, markers)
  const resolved = new Map<string, SeedAsset | null>()
  const index: SeedAssetIndex = {byPath: new Map(), byName: new Map()}
  await Promise.all(
    [...markers].map(async (marker) => {
      const match = MARKER.exec(marker)
      const name = match?.[2] ?? ''
      const file = match ? assetFile(assetsDir, name) : null
      const kind = match?.[1] as 'image' | 'file' | undefined
      const type = SEED_FILE_TYPES[name.slice(name.lastIndexOf('.') + 1) as SeedFileExtension]
      if (!match || !file || !kind || type?.kind !== kind) {
        report(`ignored "${marker}": not a ${kind ?? 'known'} file directly in ${assetsDir}`)
        resolved.set(marker, null)
        return
      }
      try {
        const asset = await loadAsset(file, name, kind)
        resolved.set(marker, asset)
        index.byPath.set(asset.path, {asset, file})
        index.byName.set(name, {asset, file})
      } catch (error) {
        report(`"${name}" left out (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); pages show their fallback`)
        resolved.set(marker, null)
      }
    }),
  )
  const withRefs = documents.map((document) => (markers.size ? (replaceMarkers(document, resolved) as Document) : document))
  const assetDocuments = [...new Map([...index.byPath.values()].map(({asset}) => [asset._id, asset])).values()]
  return {documents: [...withRefs, ...(assetDocuments as unknown as Document[])], index}
}
