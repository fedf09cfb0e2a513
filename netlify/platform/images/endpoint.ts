/**
 * The local image and file endpoint of the embedded seed (docs/requirements.md#req-issue-19-image-endpoint):
 * `GET /cdn/images/{projectId}/{dataset}/{sha1}-{w}x{h}.{ext}?w=…` and
 * `GET /cdn/files/{projectId}/{dataset}/{sha1}.{ext}`, Sanity's CDN path shapes under the
 * site's own origin, so lib/image.server.ts builds the same URLs for it as for cdn.sanity.io.
 *
 * - Assets are looked up by their storage path in the seed's asset index only
 *   (netlify/platform/content/seed-assets.ts): the URL never names a file on disk, so nothing outside
 *   studio/seed/assets can be read (`..%2F` and friends are simply unknown assets: 404).
 * - Images: transformed with sharp per ./params.ts (400 for a parameter out of range), each
 *   rendition written once to `cacheDir` and served from there afterwards (`X-Image-Cache: hit`);
 *   SVGs are served as they are. Files (video): served as they are, with byte ranges (206/416).
 * - Answers: `Cache-Control: public, max-age=31536000, immutable` (the URL names the content's
 *   sha1) and the same for Netlify's CDN (`Netlify-CDN-Cache-Control`, durable), so a rendition is
 *   made once per deploy; `Vary: Accept` (and `Netlify-Vary: header=Accept` for Netlify's CDN,
 *   which keys its cache on it) when the format was negotiated (auto=format). Only GET and HEAD.
 */
import {createHash, randomBytes} from 'node:crypto'
import {mkdir, readFile, rename, stat, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import sharp, {type ResizeOptions} from 'sharp'
import {IMMUTABLE_CACHE_CONTROL} from '#netlify/platform/cache'
import type {IndexedAsset, SeedAssetIndex} from '#netlify/platform/content/seed-assets'
import {HttpError} from '../http'
import {chooseFormat, FORMAT_TYPES, ImageParamError, parseImageParams, renditionKey, type ImageParams, type OutputFormat} from './params'

/** Path prefix of the local CDN (lib/seed-assets.server.ts LOCAL_CDN_BASE). */
const PREFIX = '/cdn/'
/** A storage path: images/… or files/…, then project, dataset and a plain file name. */
const STORAGE_PATH = /^(images|files)\/[a-z0-9-]+\/[a-z0-9_-]+\/[a-z0-9-]+\.[a-z0-9]+$/

export type ImageEndpointOptions = {
  /** The seed's asset index (../content/client.ts seedAssetIndex). */
  index: () => Promise<SeedAssetIndex>
  /** Folder of cached renditions (created when missing). */
  cacheDir: string
}

/** The asset a request path names, or a 404. */
function lookUp(index: SeedAssetIndex, pathname: string, kind: 'images' | 'files'): IndexedAsset {
  const storagePath = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : ''
  const found = STORAGE_PATH.test(storagePath) && storagePath.startsWith(`${kind}/`) ? index.byPath.get(storagePath) : undefined
  if (!found) throw new HttpError(404, 'No such asset')
  return found
}

/** Sharp's resize options for a checked transformation (see ./params.ts for the fit modes). */
function resizeOptions(params: ImageParams): ResizeOptions | null {
  const {width, height} = params
  if (!width && !height) return null
  const words = params.crop.filter((word) => word !== 'center' && word !== 'focalpoint')
  const position = params.crop.includes('entropy') ? sharp.strategy.entropy : words.length ? words.join(' ') : 'centre'
  const both = Boolean(width && height)
  switch (params.fit) {
    case 'crop':
      return {width, height, fit: both ? 'cover' : 'inside', position}
    case 'min':
      return {width, height, fit: both ? 'cover' : 'inside', position, withoutEnlargement: true}
    case 'max':
      return {width, height, fit: 'inside', withoutEnlargement: true}
    case 'fill':
    case 'fillmax':
      return {
        width,
        height,
        fit: both ? 'contain' : 'inside',
        background: params.background ?? '#ffffff',
        withoutEnlargement: params.fit === 'fillmax',
      }
    case 'scale':
      return {width, height, fit: both ? 'fill' : 'inside'}
    default:
      return {width, height, fit: 'inside'}
  }
}

/** Renders one rendition of `file` (original `width`×`height`). */
export async function renderImage(file: string, params: ImageParams, format: OutputFormat): Promise<Buffer> {
  let image = sharp(file, {failOn: 'error'}).rotate()
  if (params.rect) {
    const meta = await sharp(file).rotate().metadata()
    const fullWidth = meta.autoOrient?.width ?? meta.width ?? 0
    const fullHeight = meta.autoOrient?.height ?? meta.height ?? 0
    const left = Math.min(params.rect.left, fullWidth - 1)
    const top = Math.min(params.rect.top, fullHeight - 1)
    const width = Math.max(1, Math.min(params.rect.width, fullWidth - left))
    const height = Math.max(1, Math.min(params.rect.height, fullHeight - top))
    // Extract after rotating needs a materialised orientation: rotate() first, then extract.
    image = sharp(await image.toBuffer()).extract({left, top, width, height})
  }
  const resize = resizeOptions(params)
  if (resize) image = image.resize(resize)
  switch (format) {
    case 'avif':
      return image.avif({quality: Math.max(1, params.quality - 20), effort: 2}).toBuffer()
    case 'webp':
      return image.webp({quality: params.quality, effort: 4}).toBuffer()
    case 'png':
      return image.png({compressionLevel: 9}).toBuffer()
    case 'pjpg':
      return image
        .flatten({background: params.background ?? '#ffffff'})
        .jpeg({quality: params.quality, progressive: true, mozjpeg: true})
        .toBuffer()
    default:
      return image
        .flatten({background: params.background ?? '#ffffff'})
        .jpeg({quality: params.quality, mozjpeg: true})
        .toBuffer()
  }
}

/** Renditions being rendered now, by cache file: two requests for the same one render it once. */
const pending = new Map<string, Promise<Buffer>>()

async function cachedRendition(cacheDir: string, key: string, render: () => Promise<Buffer>): Promise<{body: Buffer; hit: boolean}> {
  const file = join(cacheDir, `${createHash('sha256').update(key).digest('hex')}.bin`)
  try {
    return {body: await readFile(file), hit: true}
  } catch {
    // not cached yet
  }
  let rendering = pending.get(file)
  if (!rendering) {
    rendering = (async () => {
      const body = await render()
      await mkdir(cacheDir, {recursive: true})
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
      await writeFile(temporary, body)
      await rename(temporary, file) // atomic: a reader sees the whole file or none
      return body
    })().finally(() => pending.delete(file))
    pending.set(file, rendering)
  }
  return {body: await rendering, hit: false}
}

/** Parses `bytes=a-b` (one range) against `size`; null: no Range header; 'unsatisfiable': 416. */
export function parseRange(header: string | null, size: number): {start: number; end: number} | null | 'unsatisfiable' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (!match[1] && !match[2])) return 'unsatisfiable'
  let start: number
  let end: number
  if (!match[1]) {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1
  }
  if (start >= size || start > end) return 'unsatisfiable'
  return {start, end}
}

/** Netlify's CDN keeps a rendition for a year, shared across edge nodes (the URL never changes meaning). */
const CDN_IMMUTABLE = 'public, durable, s-maxage=31536000, immutable'

function assetHeaders(contentType: string): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Cache-Control': IMMUTABLE_CACHE_CONTROL,
    'Netlify-CDN-Cache-Control': CDN_IMMUTABLE,
    'X-Content-Type-Options': 'nosniff',
  })
}

async function serveFile(request: Request, found: IndexedAsset): Promise<Response> {
  const {size} = await stat(found.file)
  const headers = assetHeaders(found.asset.mimeType)
  headers.set('Accept-Ranges', 'bytes')
  const range = parseRange(request.headers.get('range'), size)
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`)
    return new Response(null, {status: 416, headers})
  }
  const bytes = await readFile(found.file)
  if (!range) {
    headers.set('Content-Length', String(size))
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), {status: 200, headers})
  }
  headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
  headers.set('Content-Length', String(range.end - range.start + 1))
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes.subarray(range.start, range.end + 1)), {status: 206, headers})
}

/**
 * The endpoint's handler (see the module comment). Errors: HttpError 404 (unknown asset), 400
 * (bad parameter), 405 (method); a file that cannot be decoded is a 404 too (never a 500).
 */
export function createImageEndpoint({index, cacheDir}: ImageEndpointOptions) {
  return async function imageEndpoint(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'Use GET or HEAD', undefined, {Allow: 'GET, HEAD'})
    const url = new URL(request.url)
    const kind = url.pathname.startsWith(`${PREFIX}files/`) ? 'files' : 'images'
    const found = lookUp(await index(), url.pathname, kind)
    if (kind === 'files' || found.asset._type === 'sanity.fileAsset') return serveFile(request, found)
    if (found.asset.extension === 'svg') {
      const headers = assetHeaders('image/svg+xml')
      // An SVG opened directly runs no script and loads nothing.
      headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      return new Response(request.method === 'HEAD' ? null : new Uint8Array(await readFile(found.file)), {headers})
    }
    let params: ImageParams
    try {
      params = parseImageParams(url.searchParams)
    } catch (error) {
      if (error instanceof ImageParamError) throw new HttpError(400, error.message)
      throw error
    }
    const format = chooseFormat(params, request.headers.get('accept'), found.asset.extension === 'jpeg' ? 'jpg' : found.asset.extension)
    let rendition: {body: Buffer; hit: boolean}
    try {
      rendition = await cachedRendition(cacheDir, renditionKey(found.asset.path, params, format), () => renderImage(found.file, params, format))
    } catch (error) {
      console.error(`image endpoint: ${found.asset.originalFilename} could not be rendered`, error)
      throw new HttpError(404, 'This image cannot be rendered')
    }
    const headers = assetHeaders(FORMAT_TYPES[format])
    if (params.autoFormat && !params.format) {
      headers.set('Vary', 'Accept')
      headers.set('Netlify-Vary', 'header=Accept')
    }
    headers.set('Content-Length', String(rendition.body.byteLength))
    headers.set('X-Image-Cache', rendition.hit ? 'hit' : 'miss')
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(rendition.body), {headers})
  }
}
