/**
 * The part of Sanity's image URL API (https://www.sanity.io/docs/image-urls) the local image
 * endpoint speaks (docs/requirements.md#req-issue-19-image-endpoint): parsing and checking the
 * query string, and choosing the output format. Pure: no files, no sharp.
 *
 * Parameters: `w`, `h` (pixels, 1–2400), `fit` (clip, crop, max, min, fill, scale, fillmax;
 * default clip), `crop` (the crop mode of fit=crop: center, top, bottom, left, right, entropy,
 * focalpoint and combinations such as "top,left"), `rect` (x,y,w,h of the source region, in the
 * original's pixels), `fm` (jpg, pjpg, png, webp, avif), `auto=format` (AVIF, else WebP, else the
 * original's format, by the request's Accept), `q` (1–100, default 75), `dpr` (1–3), `bg` (hex
 * colour for fit=fill). Other parameters are ignored, as Sanity's CDN does. `w`×`dpr` and
 * `h`×`dpr` must stay within 2400 px too.
 */

/** Largest width or height of a rendition (pixels, after dpr). */
export const MAX_DIMENSION = 2400
export const DEFAULT_QUALITY = 75

export const FIT_MODES = ['clip', 'crop', 'max', 'min', 'fill', 'scale', 'fillmax'] as const
export type FitMode = (typeof FIT_MODES)[number]
export const OUTPUT_FORMATS = ['jpg', 'pjpg', 'png', 'webp', 'avif'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]
const CROP_WORDS = ['center', 'top', 'bottom', 'left', 'right', 'entropy', 'focalpoint'] as const

/** A checked transformation: sizes are final output pixels (dpr applied). */
export type ImageParams = {
  width?: number
  height?: number
  fit: FitMode
  /** Crop mode words (fit=crop/min), e.g. ['top', 'left']; empty = center. */
  crop: string[]
  /** Source region in the original's pixels. */
  rect?: {left: number; top: number; width: number; height: number}
  /** Explicit format (fm). */
  format?: OutputFormat
  /** auto=format: negotiate by Accept. */
  autoFormat: boolean
  quality: number
  /** Background of fit=fill, "#rrggbb" / "#rrggbbaa". */
  background?: string
}

/** A refused parameter: the endpoint answers 400 with this message. */
export class ImageParamError extends Error {}

function integer(name: string, raw: string, min: number, max: number): number {
  if (!/^\d{1,6}$/.test(raw)) throw new ImageParamError(`${name} must be a whole number from ${min} to ${max}`)
  const value = Number(raw)
  if (value < min || value > max) throw new ImageParamError(`${name} must be from ${min} to ${max} (got ${value})`)
  return value
}

/** Parses and checks the query of an image URL; throws ImageParamError (400) when a value is out of range. */
export function parseImageParams(query: URLSearchParams): ImageParams {
  const get = (name: string): string | undefined => {
    const values = query.getAll(name)
    if (values.length > 1) throw new ImageParamError(`${name} is given more than once`)
    return values[0]
  }
  const dprRaw = get('dpr')
  let dpr = 1
  if (dprRaw !== undefined) {
    if (!/^\d(\.\d{1,2})?$/.test(dprRaw)) throw new ImageParamError('dpr must be a number from 1 to 3')
    dpr = Number(dprRaw)
    if (dpr < 1 || dpr > 3) throw new ImageParamError(`dpr must be from 1 to 3 (got ${dprRaw})`)
  }
  const size = (name: 'w' | 'h'): number | undefined => {
    const raw = get(name)
    if (raw === undefined) return undefined
    const value = Math.round(integer(name, raw, 1, MAX_DIMENSION) * dpr)
    if (value > MAX_DIMENSION) throw new ImageParamError(`${name} × dpr must be at most ${MAX_DIMENSION} (got ${value})`)
    return value
  }
  const width = size('w')
  const height = size('h')

  const fitRaw = get('fit') ?? 'clip'
  if (!(FIT_MODES as readonly string[]).includes(fitRaw)) throw new ImageParamError(`fit must be one of ${FIT_MODES.join(', ')}`)

  const cropRaw = get('crop')
  const crop = cropRaw ? cropRaw.split(',') : []
  for (const word of crop) {
    if (!(CROP_WORDS as readonly string[]).includes(word)) throw new ImageParamError(`crop must be made of ${CROP_WORDS.join(', ')}`)
  }

  const rectRaw = get('rect')
  let rect: ImageParams['rect']
  if (rectRaw !== undefined) {
    const parts = rectRaw.split(',')
    if (parts.length !== 4) throw new ImageParamError('rect must be x,y,width,height')
    const [left, top, rectWidth, rectHeight] = parts.map((part, i) => integer(`rect[${i}]`, part, i < 2 ? 0 : 1, 100_000)) as [number, number, number, number]
    rect = {left, top, width: rectWidth, height: rectHeight}
  }

  const fm = get('fm')
  if (fm !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(fm)) throw new ImageParamError(`fm must be one of ${OUTPUT_FORMATS.join(', ')}`)
  const auto = get('auto')
  if (auto !== undefined && auto !== 'format') throw new ImageParamError('auto must be "format"')

  const q = get('q')
  const quality = q === undefined ? DEFAULT_QUALITY : integer('q', q, 1, 100)

  const bg = get('bg')
  if (bg !== undefined && !/^[0-9a-f]{3,8}$/i.test(bg)) throw new ImageParamError('bg must be a hex colour such as fff or 0a1f44')

  return {
    width,
    height,
    fit: fitRaw as FitMode,
    crop,
    rect,
    format: fm as OutputFormat | undefined,
    autoFormat: auto === 'format',
    quality,
    background: bg ? `#${bg}` : undefined,
  }
}

/**
 * The format to encode: `fm` when given; with auto=format AVIF when Accept names image/avif,
 * else WebP when it names image/webp; else the original's (jpg/png/webp; anything else jpg).
 */
export function chooseFormat(params: Pick<ImageParams, 'format' | 'autoFormat'>, accept: string | null, original: string): OutputFormat {
  if (params.format) return params.format
  if (params.autoFormat) {
    const types = (accept ?? '').toLowerCase()
    if (types.includes('image/avif')) return 'avif'
    if (types.includes('image/webp')) return 'webp'
  }
  if (original === 'png' || original === 'webp' || original === 'avif') return original
  return 'jpg'
}

/** Content-Type of an output format. */
export const FORMAT_TYPES: Record<OutputFormat, string> = {
  jpg: 'image/jpeg',
  pjpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
}

/** A stable text of the transformation and format (the rendition cache key's input). */
export function renditionKey(assetPath: string, params: ImageParams, format: OutputFormat): string {
  return JSON.stringify([assetPath, params.width, params.height, params.fit, params.crop, params.rect, format, params.quality, params.background])
}
