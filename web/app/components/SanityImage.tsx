/**
 * The one `<img>` of content images (docs/requirements.md#req-issue-19-images): URLs from
 * lib/image.ts (`@sanity/image-url`, crop and hotspot honoured, `auto=format`), a `srcset` of
 * SRCSET_WIDTHS with the caller's `sizes`, `width`/`height` from the asset's dimensions (or the
 * `aspect` the layout cuts it to) so nothing shifts when it loads, the asset's LQIP as a blurred
 * background until the image paints, `loading="lazy"` by default and, with `priority` (the
 * page's LCP image only), `loading="eager"` + `fetchpriority="high"`. `alt` is the editor's text,
 * or "" when the image is marked decorative.
 *
 * When the field is empty or its asset is missing or broken, it renders `fallback` (default:
 * nothing), never a broken image; if the file itself fails to load in the browser, the image
 * is hidden and the LQIP/background stays.
 */
import {useEffect, useRef, useState, type CSSProperties} from 'react'
import {displaySize, imageSrcSet, imageUrl, isVector, resolveImage, type ImageSource} from '~/lib/image'

export type SanityImageProps = {
  image: ImageSource | null | undefined
  /** The `sizes` attribute: how wide the image is shown, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string
  /** width / height the layout cuts the image to (around the hotspot); default: the original's. */
  aspect?: number
  /** The LCP image of the page: fetched early, with high priority. At most one per page. */
  priority?: boolean
  className?: string
  /** Largest rendition width in the srcset (device pixels), e.g. for a small avatar. */
  maxWidth?: number
  /** Shown instead when there is no usable image. */
  fallback?: React.ReactNode
  /** Overrides the content's alt text (e.g. '' where the image repeats a caption beside it). */
  alt?: string
}

export function SanityImage({image: source, sizes, aspect, priority = false, className, maxWidth, fallback = null, alt}: SanityImageProps) {
  const [failed, setFailed] = useState(false)
  const ref = useRef<HTMLImageElement>(null)
  // A file that failed before hydration fired its error event before React listened: check once.
  useEffect(() => {
    const img = ref.current
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true)
  }, [])
  const image = resolveImage(source)
  if (!image || failed) return <>{fallback}</>
  const {width, height} = displaySize(image, aspect)
  const vector = isVector(image)
  const style: CSSProperties | undefined =
    image.lqip && !vector ? {backgroundImage: `url("${image.lqip}")`, backgroundSize: 'cover', backgroundPosition: 'center'} : undefined
  const largest = Math.min(width, maxWidth ?? width, 2000)
  return (
    <img
      ref={ref}
      src={imageUrl(image, largest >= 960 ? 960 : largest, {aspect})}
      srcSet={vector ? undefined : imageSrcSet(image, {aspect, maxWidth: maxWidth ?? width})}
      sizes={vector ? undefined : sizes}
      width={width}
      height={height}
      alt={alt ?? image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      // React 18 warns on the camelCase prop; the lower-case attribute is passed through as is.
      {...(priority ? {fetchpriority: 'high'} : {})}
      className={className}
      style={style}
      onError={() => setFailed(true)}
    />
  )
}
