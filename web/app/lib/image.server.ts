/**
 * Image URLs of the site, in one place (docs/requirements.md#req-issue-19-images): every `<img>`
 * and every Open Graph image is built here with `@sanity/image-url`, honouring the editor's crop
 * and hotspot.
 *
 * The builder is configured from the asset itself: a GROQ projection `asset->{_id, url, …}`
 * gives the asset's URL, `https://cdn.sanity.io/images/{projectId}/{dataset}/…` from the
 * Content Lake, or `/cdn/images/local/production/…` from the embedded seed
 * (netlify/platform/content/client.ts + seed-assets.ts), which the local image endpoint
 * (netlify/functions/images.ts) serves with the same URL API. So the same page code gives CDN
 * URLs when SANITY_PROJECT_ID is set and local ones without it; nothing else needs configuring.
 *
 * Server only: loaders prepare each image for its layout (prepareImage, ./image-layouts.ts) and
 * hand the finished URLs to the page, so `@sanity/image-url` never ships to the browser.
 *
 * Sizes are CSS pixels; widths of a srcset are rendition widths in device pixels.
 */
import {createImageUrlBuilder, type ImageUrlBuilder} from '@sanity/image-url'
import {OG_IMAGE, type ImageLayout, type PreparedImage} from './image-layouts'

/** An image field as the queries project it (every part may be missing or null). */
export type ImageSource = {
  asset?: {
    _id?: string | null
    url?: string | null
    metadata?: {
      lqip?: string | null
      dimensions?: {width?: number | null; height?: number | null; aspectRatio?: number | null} | null
    } | null
  } | null
  hotspot?: {x?: number | null; y?: number | null; width?: number | null; height?: number | null} | null
  crop?: {top?: number | null; bottom?: number | null; left?: number | null; right?: number | null} | null
  alt?: string | null
  decorative?: boolean | null
}

/** An image whose asset is known: what the URL functions accept. */
export type ResolvedImage = {
  /** The asset document id, e.g. "image-<sha1>-1600x900-jpg". */
  id: string
  /** Intrinsic size of the original, in pixels. */
  width: number
  height: number
  /** Original format: "jpg", "png", "webp", "svg", … */
  format: string
  /** The tiny blurred placeholder (data URL), when the metadata has one. */
  lqip: string | null
  alt: string
  decorative: boolean
  /** The builder for this image (crop and hotspot applied). */
  builder: ImageUrlBuilder
}

/** Rendition widths offered in every srcset (device pixels). */
export const SRCSET_WIDTHS = [320, 480, 640, 768, 960, 1280, 1600, 2000] as const

/** Sanity's asset URL shape: {base}/images/{projectId}/{dataset}/{file}. */
const ASSET_URL = /^(.*)\/images\/([a-z0-9-]+)\/([a-z0-9_-]+)\/[^/]+$/i
/** Sanity's image asset id: image-{hash}-{w}x{h}-{format}. */
const ASSET_ID = /^image-[A-Za-z0-9]+-(\d+)x(\d+)-([a-z0-9]+)$/

/**
 * Builder options (baseUrl, projectId, dataset) read from an asset URL; null when the URL is
 * not an image asset URL (then no URL can be built).
 */
export function builderConfigFromUrl(url: string): {baseUrl: string; projectId: string; dataset: string} | null {
  const match = ASSET_URL.exec(url)
  if (!match) return null
  return {baseUrl: match[1] ?? '', projectId: match[2] ?? '', dataset: match[3] ?? ''}
}

const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value)

/**
 * The image with a usable asset, or null when the field is empty, the asset is missing or its
 * id/URL is not an image asset's (content from an unfinished upload, a broken reference): the
 * component then renders its fallback.
 */
export function resolveImage(source: ImageSource | null | undefined): ResolvedImage | null {
  if (!source) return null
  const asset = source.asset
  if (!asset?._id || !asset.url) return null
  const parsed = ASSET_ID.exec(asset._id)
  const config = builderConfigFromUrl(asset.url)
  if (!parsed || !config) return null
  const width = Number(parsed[1])
  const height = Number(parsed[2])
  if (!(width > 0 && height > 0)) return null
  const hotspot = source.hotspot
  const crop = source.crop
  const image = {
    asset: {_ref: asset._id},
    ...(hotspot && finite(hotspot.x) && finite(hotspot.y) && finite(hotspot.width) && finite(hotspot.height)
      ? {hotspot: {x: hotspot.x, y: hotspot.y, width: hotspot.width, height: hotspot.height}}
      : {}),
    ...(crop && finite(crop.top) && finite(crop.bottom) && finite(crop.left) && finite(crop.right)
      ? {crop: {top: crop.top, bottom: crop.bottom, left: crop.left, right: crop.right}}
      : {}),
  }
  return {
    id: asset._id,
    width,
    height,
    format: parsed[3] ?? 'jpg',
    lqip: asset.metadata?.lqip ?? null,
    alt: source.decorative ? '' : (source.alt ?? '').trim(),
    decorative: Boolean(source.decorative),
    builder: createImageUrlBuilder(config).image(image),
  }
}

/** Whether the original is a vector image (served as is: no resizing, no srcset). */
export const isVector = (image: ResolvedImage): boolean => image.format === 'svg'

/**
 * The intrinsic size the page shows the image at: the crop's size, or `aspect` (width / height)
 * applied to it when the layout cuts the image to a ratio. Used for `width`/`height` attributes
 * (no layout shift).
 */
export function displaySize(image: ResolvedImage, aspect?: number): {width: number; height: number} {
  if (!aspect) return {width: image.width, height: image.height}
  const width = Math.min(image.width, Math.round(image.height * aspect))
  return {width, height: Math.round(width / aspect)}
}

/**
 * URL of one rendition `width` device pixels wide: `auto=format` (AVIF/WebP by the browser's
 * Accept), `fit=crop` around the hotspot when `aspect` (width / height) is given, else
 * `fit=max` (never upscaled). Vectors: the original file.
 */
export function imageUrl(image: ResolvedImage, width: number, {aspect, quality}: {aspect?: number; quality?: number} = {}): string {
  if (isVector(image)) return image.builder.url()
  let builder = image.builder.width(Math.round(width)).auto('format')
  builder = aspect ? builder.height(Math.round(width / aspect)).fit('crop') : builder.fit('max')
  if (quality) builder = builder.quality(quality)
  return builder.url()
}

/**
 * The srcset of an image: SRCSET_WIDTHS up to the original's width (the largest original-wide
 * rendition is always included so large screens get the sharpest version). Empty for vectors.
 */
export function imageSrcSet(image: ResolvedImage, options: {aspect?: number; maxWidth?: number; quality?: number} = {}): string {
  if (isVector(image)) return ''
  return srcSetWidths(image.width, options.maxWidth)
    .map((width) => `${imageUrl(image, width, options)} ${width}w`)
    .join(', ')
}

/**
 * The widths of a srcset for an original `originalWidth` px wide, at most `maxWidth`. Below the
 * smallest standard width (a small avatar: `maxWidth` = 3 × its CSS size) the 1×, 2× and 3× widths.
 */
export function srcSetWidths(originalWidth: number, maxWidth = Infinity): number[] {
  const cap = Math.min(originalWidth, maxWidth)
  if (cap < SRCSET_WIDTHS[0]) return [...new Set([Math.round(cap / 3), Math.round((cap * 2) / 3), Math.round(cap)])].filter((width) => width > 0)
  const widths: number[] = SRCSET_WIDTHS.filter((width) => width <= cap)
  const last = widths.at(-1)
  if ((last === undefined || last < cap) && cap <= (SRCSET_WIDTHS.at(-1) ?? cap)) widths.push(Math.round(cap))
  return widths
}

/**
 * The Open Graph URL of an image: 1200 × 630, cut around the hotspot, JPEG (social networks
 * do not all read AVIF/WebP). Null when the image has no usable asset. Root-relative for the
 * embedded seed (lib/meta.ts makes it absolute), absolute for the CDN.
 */
export function ogImageUrl(source: ImageSource | null | undefined): string | null {
  const image = resolveImage(source)
  if (!image || isVector(image)) return null
  return image.builder.width(OG_IMAGE.width).height(OG_IMAGE.height).fit('crop').format('jpg').quality(80).url()
}

/**
 * An image prepared for `layout` (./image-layouts.ts): `src` (a 960 px rendition, or the largest
 * below it), `srcSet`/`sizes` (none for vectors, served as they are), the size shown, the LQIP
 * and the alt text. Null when the field is empty or its asset unusable (the component shows its
 * fallback).
 */
export function prepareImage(source: ImageSource | null | undefined, layout: ImageLayout): PreparedImage | null {
  const image = resolveImage(source)
  if (!image) return null
  const {width, height} = displaySize(image, layout.aspect)
  if (isVector(image)) return {src: imageUrl(image, width), width, height, lqip: null, alt: image.alt}
  const largest = Math.min(width, layout.maxWidth ?? width, SRCSET_WIDTHS.at(-1)!)
  return {
    src: imageUrl(image, Math.min(largest, 960), {aspect: layout.aspect, quality: layout.quality}),
    srcSet: imageSrcSet(image, {aspect: layout.aspect, maxWidth: layout.maxWidth ?? width, quality: layout.quality}),
    sizes: layout.sizes,
    width,
    height,
    lqip: image.lqip,
    alt: image.alt,
  }
}

/** The favicon (48 × 48) and Apple home-screen icon (180 × 180) PNG URLs of an app icon, cut square around the hotspot; null without a usable raster icon. */
export function appIconLinks(source: ImageSource | null | undefined): {favicon: string; appleTouchIcon: string} | null {
  const icon = resolveImage(source)
  if (!icon || isVector(icon)) return null
  const png = (size: number) => icon.builder.width(size).height(size).fit('crop').format('png').url()
  return {favicon: png(48), appleTouchIcon: png(180)}
}

/** `item` with its image field `key` prepared for `layout` (prepareImage): for loaders mapping lists of cards. */
export function withPreparedImage<T extends object, K extends keyof T & string>(
  item: T,
  key: K,
  layout: ImageLayout,
): Omit<T, K> & Record<K, PreparedImage | null> {
  return {...item, [key]: prepareImage(item[key] as ImageSource | null | undefined, layout)} as Omit<T, K> & Record<K, PreparedImage | null>
}
